import { describe, expect, it } from 'vitest';
import { constraintValueProblem, VALUE_MESSAGES } from './constraints.ts';

describe('the constraint value rule', () => {
  it('reads REGEX as RE2, the SDKs syntax: inline flags pass, lookarounds and back-references do not', () => {
    const regex = (value: string) => constraintValueProblem({ operator: 'REGEX', value, values: [] });
    for (const value of ['^abc$', '(?i)^abc$', '(?m)^a$', '(?s)a.b', '[[:alpha:]]+'])
      expect(regex(value)).toBeUndefined();
    for (const value of ['a(?=b)', '(a)\\1', '([a-z']) expect(regex(value)).toBe(VALUE_MESSAGES.regex);
  });

  it('checks every IN_CIDR entry of what a person types, and keeps an imported list with one valid entry', () => {
    const cidr = (values: string[], imported?: boolean) =>
      constraintValueProblem({ operator: 'IN_CIDR', values }, { imported });
    expect(cidr(['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'])).toBeUndefined();
    expect(cidr(['10.0.0.0/8', 'not-an-ip'])).toBe(VALUE_MESSAGES.cidr);
    expect(cidr(['10.0.0.0/8', 'not-an-ip'], true)).toBeUndefined();
    expect(cidr(['not-an-ip', '10.0.0.0/33'], true)).toBe(VALUE_MESSAGES.cidr);
  });

  it('needs a value that fits the single-value operators', () => {
    expect(constraintValueProblem({ operator: 'NUM_GT', value: 'x', values: [] })).toBe(VALUE_MESSAGES.number);
    expect(constraintValueProblem({ operator: 'SEMVER_GT', value: 'v2.0.0', values: [] })).toBe(VALUE_MESSAGES.semver);
    expect(constraintValueProblem({ operator: 'DATE_AFTER', value: '2025-13-01', values: [] })).toBe(
      VALUE_MESSAGES.date,
    );
    expect(constraintValueProblem({ operator: 'SEMVER_GT', value: '2.0.0-beta.1', values: [] })).toBeUndefined();
  });
});
