import { describe, expect, it } from 'vitest';
import { BadRequestError, ServiceError } from '../shared/api/errors';
import { passwordCheck, validationErrorsOf } from './password';

const owasp = [
  'The password must be at least 10 characters long.',
  'The password must contain at least one uppercase letter.',
  'The password must contain at least one number.',
  'The password must contain at least one special character.',
  'The password may not contain sequences of three or more repeated characters.',
];

describe('password live checks', () => {
  it('checks nothing below 3 characters', () => {
    const check = passwordCheck('ab', ['The password must be at least 10 characters long.']);
    expect(check.rules.every((r) => r.state === 'unchecked')).toBe(true);
    expect(check.valid).toBe(false);
  });

  it('checks nothing while the validator has not answered', () => {
    expect(passwordCheck('abcdef', undefined).rules.every((r) => r.state === 'unchecked')).toBe(true);
  });

  it('marks each rule the validator reports as failed and the rest as passed', () => {
    const check = passwordCheck('aaab', owasp);
    expect(Object.fromEntries(check.rules.map((r) => [r.id, r.state]))).toEqual({
      length: 'failed',
      upper: 'failed',
      lower: 'ok',
      number: 'failed',
      symbol: 'failed',
      repeat: 'failed',
    });
    expect(check.other).toEqual([]);
    expect(check.valid).toBe(false);
  });

  it('lists reported problems that name no rule', () => {
    expect(passwordCheck('Password-1234', ['The password is too common.']).other).toEqual([
      'The password is too common.',
    ]);
  });

  it('is valid when the validator accepts the password', () => {
    const check = passwordCheck('Correct-Horse-9', []);
    expect(check.valid).toBe(true);
    expect(check.rules.every((r) => r.state === 'ok')).toBe(true);
  });

  it("reads details[0].validationErrors from the validator's 400", () => {
    const body = {
      name: 'OwaspValidationError',
      isJoi: true,
      details: [{ validationErrors: owasp, message: owasp[0] }],
    };
    expect(validationErrorsOf(new BadRequestError(400, owasp[0], body))).toEqual(owasp);
    expect(() => validationErrorsOf(new ServiceError(500, 'x'))).toThrow('x');
  });
});
