import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/http/errors.ts';
import type { StrategyParameter } from '../strategies/index.ts';
import { checkConstraints, checkParameters } from './strategy-rules.ts';

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

  it('keeps the three fields, trims the context name and defaults the operator to IN', () => {
    expect(checkConstraints(undefined)).toEqual([]);
    expect(checkConstraints([{ contextName: ' appName ', values: ['a'] }])).toEqual([
      { contextName: 'appName', operator: 'IN', values: ['a'] },
    ]);
    expect(checkConstraints(Array(30).fill(c))).toHaveLength(30);
  });

  it('refuses bad constraints and goes no further than the limits', () => {
    expect(messageOf(() => checkConstraints([{ ...c, inverted: true }]))).toBe(
      '"constraints[0].inverted" is not allowed',
    );
    expect(messageOf(() => checkConstraints([{ ...c, values: [] }]))).toBe('You need to specify at least one value');
    expect(messageOf(() => checkConstraints([{ ...c, values: [''] }]))).toBe(
      '"constraints[0].values[0]" is not allowed to be empty',
    );
    expect(messageOf(() => checkConstraints([{ ...c, operator: 'GT' }]))).toBe(
      '"constraints[0].operator" must be one of [IN, NOT_IN]',
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
});
