import { describe, expect, it } from 'vitest';
import { servedConstraint, VALUE_MESSAGES, type Constraint } from '../../../contract/constraints.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { StrategyParameter } from '../../strategies/index.ts';
import { checkConstraints, checkParameters } from './rules.ts';

const param = (name: string, type: StrategyParameter['type'], required = false): StrategyParameter => ({
  name,
  type,
  description: '',
  required,
});
const flexibleRollout = {
  name: 'flexibleRollout',
  parameters: [param('rollout', 'percentage'), param('stickiness', 'string', true), param('groupId', 'string', true)],
};
const custom = {
  name: 'custom',
  parameters: [
    param('pct', 'percentage'),
    param('count', 'number'),
    param('beta', 'boolean'),
    param('list', 'list', true),
    param('text', 'string'),
  ],
};
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('accepted');
};
const messageOf = (run: () => unknown) => failure(run).details[0].message;

describe('checkParameters', () => {
  it('fills in what the console leaves out of a Gradual rollout', () => {
    expect(checkParameters(flexibleRollout, {}, 'my.toggle')).toEqual({
      rollout: '100',
      stickiness: 'default',
      groupId: 'my.toggle',
    });
    expect(checkParameters(flexibleRollout, { rollout: 30, groupId: '' }, 'my.toggle')).toEqual({
      rollout: '30',
      stickiness: 'default',
      groupId: 'my.toggle',
    });
  });

  it('checks each type and turns numbers and booleans into text', () => {
    expect(checkParameters(custom, { pct: 0, count: '42', beta: false, list: 'a,b', text: '' }, 't')).toEqual({
      pct: '0',
      count: '42',
      beta: 'false',
      list: 'a,b',
      text: '',
    });
    expect(checkParameters(custom, { list: 'x', pct: '100' }, 't')).toEqual({ list: 'x', pct: '100' });
    expect(checkParameters(custom, { list: 'x', pct: '' }, 't')).toEqual({ list: 'x', pct: '' });
    expect(messageOf(() => checkParameters(custom, { list: 'x', pct: '101' }, 't'))).toBe(
      '"parameters.pct" must be a whole number from 0 to 100',
    );
    expect(messageOf(() => checkParameters(custom, { list: 'x', pct: 1.5 }, 't'))).toBe(
      '"parameters.pct" must be a whole number from 0 to 100',
    );
    expect(messageOf(() => checkParameters(custom, { list: 'x', count: '1e3' }, 't'))).toBe(
      '"parameters.count" must be a number (digits only)',
    );
    expect(messageOf(() => checkParameters(custom, { list: 'x', beta: 'TRUE' }, 't'))).toBe(
      '"parameters.beta" must be true or false',
    );
    expect(messageOf(() => checkParameters(custom, { list: ' ' }, 't'))).toBe('"parameters.list" is required');
    expect(messageOf(() => checkParameters(custom, { list: 'x', text: ['a'] }, 't'))).toBe(
      '"parameters.text" must be a string',
    );
    expect(messageOf(() => checkParameters(custom, 'x', 't'))).toBe('"parameters" must be of type object');
    const unknown = failure(() => checkParameters(custom, { list: 'x', other: '1' }, 't', ['strategies', 2]));
    expect(unknown.details[0]).toMatchObject({
      message: '"strategies[2].parameters.other" is not allowed: the strategy custom has no parameter other',
      path: ['strategies', 2, 'parameters', 'other'],
    });
  });
});

describe('checkConstraints', () => {
  const c = { contextName: 'userId', operator: 'IN', values: ['1'] };

  it('keeps what was sent, trims the context name and defaults the operator to IN', () => {
    expect(checkConstraints(undefined)).toEqual([]);
    expect(checkConstraints([{ contextName: ' appName ', values: ['a'] }])).toEqual([
      { contextName: 'appName', operator: 'IN', values: ['a'] },
    ]);
    expect(checkConstraints(Array(30).fill(c))).toHaveLength(30);
    const sent = [
      { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true },
      { contextName: 'email', operator: 'STR_CONTAINS', values: ['test'], inverted: true },
      { contextName: 'age', operator: 'NUM_GTE', value: '18.5' },
      { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2022-01-29T13:00:00.000Z', inverted: false },
      { contextName: 'version', operator: 'SEMVER_LT', value: '2.0.0-beta.1' },
      { contextName: 'userId', operator: 'REGEX', value: '^abc$', caseInsensitive: true },
      { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'] },
    ];
    // `values` is stored for every constraint ([] when not sent), as SDKs expect it.
    expect(checkConstraints(sent)).toEqual(sent.map((constraint) => ({ values: [], ...constraint })));
  });

  it('refuses bad constraints and goes no further than the limits', () => {
    expect(messageOf(() => checkConstraints([{ ...c, negate: true }]))).toBe('"constraints[0].negate" is not allowed');
    expect(messageOf(() => checkConstraints([{ ...c, inverted: 'yes' }]))).toBe(
      '"constraints[0].inverted" must be a boolean',
    );
    expect(messageOf(() => checkConstraints([{ ...c, values: [] }]))).toBe('You need to specify at least one value');
    expect(messageOf(() => checkConstraints([{ contextName: 'userId', operator: 'STR_CONTAINS' }]))).toBe(
      'You need to specify at least one value',
    );
    expect(messageOf(() => checkConstraints([{ ...c, values: [''] }]))).toBe(
      '"constraints[0].values[0]" is not allowed to be empty',
    );
    expect(messageOf(() => checkConstraints([{ ...c, operator: 'GT' }]))).toMatch(
      /^"constraints\[0\].operator" must be one of \[IN, NOT_IN, STR_CONTAINS, .*, REGEX, IN_CIDR\]$/,
    );
    expect(messageOf(() => checkConstraints([{ ...c, contextName: 3 }]))).toBe(
      '"constraints[0].contextName" must be a string',
    );
    expect(messageOf(() => checkConstraints('x'))).toBe('"constraints" must be an array');
    const tooMany = failure(() => checkConstraints(Array(31).fill(c)));
    expect(tooMany.errorName).toBe('ExceedsLimitError');
    expect(tooMany.message).toBe('Constraint limit of 30 reached for this strategy');
    expect(
      messageOf(() => checkConstraints([{ ...c, values: Array.from({ length: 251 }, (_, i) => String(i)) }])),
    ).toBe('Constraint value limit of 250 reached for the constraint on userId');
  });

  it('checks the value of each operator by the one value rule, naming the field', () => {
    const cases: Array<[object, string, string]> = [
      [{ operator: 'NUM_EQ', value: 'twelve' }, 'value', VALUE_MESSAGES.number],
      [{ operator: 'NUM_LT' }, 'value', VALUE_MESSAGES.value],
      [{ operator: 'DATE_BEFORE', value: '29/01/2022' }, 'value', VALUE_MESSAGES.date],
      [{ operator: 'SEMVER_EQ', value: '1.2' }, 'value', VALUE_MESSAGES.semver],
      [{ operator: 'REGEX', value: '(' }, 'value', VALUE_MESSAGES.regex],
      // A lookahead compiles in JavaScript but not in RE2, which other SDKs and the server's evaluator use.
      [{ operator: 'REGEX', value: 'a(?=b)' }, 'value', VALUE_MESSAGES.regex],
      [{ operator: 'IN_CIDR', values: ['10.0.0.0/33'] }, 'values', VALUE_MESSAGES.cidr],
    ];
    for (const [constraint, field, message] of cases) {
      const error = failure(() => checkConstraints([c, { contextName: 'x', ...constraint }], ['strategies', 0]));
      expect(error.statusCode).toBe(400);
      expect(error.details[0]).toMatchObject({ message, path: ['strategies', 0, 'constraints', 1, field] });
    }
    expect(messageOf(() => checkConstraints([{ contextName: 'x', operator: 'NUM_EQ', value: 12 }]))).toBe(
      '"constraints[0].value" must be a string',
    );
  });

  it('lets an import keep empty value lists and operators it does not know', () => {
    const imported = [
      { contextName: 'environment', operator: 'IN', values: [] },
      { contextName: 'environment', operator: 'NOT_IN', values: [] },
      { contextName: 'customField', operator: 'NOT_A_VALID_OPERATOR', value: '2022-01-22T13:00:00.000Z' },
    ];
    expect(checkConstraints(imported, [], { imported: true })).toEqual(
      imported.map((constraint) => ({ values: [], ...constraint })),
    );
    expect(() => checkConstraints([imported[0]])).toThrow(ApiError);
    expect(() =>
      checkConstraints([{ contextName: 'x', operator: 'SEMVER_EQ', value: 'v1' }], [], { imported: true }),
    ).toThrow(ApiError);
  });
});

describe('servedConstraint', () => {
  it('serves values, inverted and caseInsensitive always, and value only when set', () => {
    expect(servedConstraint({ contextName: 'userId', operator: 'IN', values: ['1'] })).toEqual({
      contextName: 'userId',
      operator: 'IN',
      values: ['1'],
      inverted: false,
      caseInsensitive: false,
    });
    const stored = { contextName: 'v', operator: 'SEMVER_GT', value: '1.2.3', inverted: true } as Constraint;
    expect(servedConstraint(stored)).toEqual({ ...stored, values: [], caseInsensitive: false });
  });
});
