import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy.ts';

describe('passwordProblems', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Str0ng!Passw0rd-xyz')).toEqual([]);
  });

  it('lists every violated rule, in the order Unleash reports them', () => {
    expect(passwordProblems('abc')).toEqual([
      'The password must be at least 10 characters long.',
      'The password must contain at least one uppercase letter.',
      'The password must contain at least one number.',
      'The password must contain at least one special character.',
    ]);
  });

  it('refuses a run of three repeated characters', () => {
    expect(passwordProblems('Goood-Passw0rd')).toEqual([
      'The password may not contain sequences of three or more repeated characters.',
    ]);
    expect(passwordProblems('Good-Passw0rd')).toEqual([]);
  });

  it('needs lower case, and refuses 128 characters or more', () => {
    expect(passwordProblems('ALLUPPER-123')).toEqual(['The password must contain at least one lowercase letter.']);
    expect(passwordProblems('Ab1!'.repeat(32))).toEqual(['The password must be fewer than 128 characters.']);
  });
});
