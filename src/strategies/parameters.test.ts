import { describe, expect, it } from 'vitest';
import { FALLBACK_DEFINITION, type StrategyDefinition } from './definitions';
import {
  addToList,
  initialParameters,
  normaliseParameters,
  numberError,
  parameterEditor,
  parameterErrors,
  parseList,
  percentageValue,
  PERCENTAGE,
  stickinessOptions,
} from './parameters';

const custom: StrategyDefinition = {
  name: 'region',
  parameters: [
    { name: 'regions', type: 'list' },
    { name: 'limit', type: 'number' },
    { name: 'beta', type: 'boolean' },
    { name: 'share', type: 'percentage' },
    { name: 'label', type: 'string' },
    { name: 'odd', type: '' },
  ],
};

describe('parameter editors and defaults', () => {
  it('the percentage slider runs 0 to 100 in steps of 1 with marks at 0/25/50/75/100', () => {
    expect(PERCENTAGE).toEqual({ min: 0, max: 100, step: 1, marks: [0, 25, 50, 75, 100] });
  });

  it('picks an editor per type; stickiness is a select; an unknown type is a string', () => {
    expect(custom.parameters.map(parameterEditor)).toEqual([
      'list',
      'number',
      'boolean',
      'percentage',
      'string',
      'string',
    ]);
    expect(parameterEditor({ name: 'stickiness', type: 'string' })).toBe('stickiness');
  });

  it('a new flexible rollout gets rollout 100, stickiness default and the toggle name as groupId', () => {
    expect(initialParameters(FALLBACK_DEFINITION, 'checkout')).toEqual({
      rollout: '100',
      stickiness: 'default',
      groupId: 'checkout',
    });
  });

  it('other parameters start empty, booleans false, percentages 100', () => {
    expect(initialParameters(custom, 'x')).toEqual({
      regions: '',
      limit: '',
      beta: 'false',
      share: '100',
      label: '',
      odd: '',
    });
  });

  it('stickiness offers default, userId, sessionId, random, then context fields flagged for stickiness', () => {
    expect(
      stickinessOptions([
        { name: 'userId', stickiness: true },
        { name: 'tenant', stickiness: true },
        { name: 'region', stickiness: false },
      ]),
    ).toEqual(['default', 'userId', 'sessionId', 'random', 'tenant']);
    expect(stickinessOptions(undefined)).toEqual(['default', 'userId', 'sessionId', 'random']);
  });
});

describe('list parameters', () => {
  it('split on commas, trimmed, duplicates and empties ignored', () => {
    expect(parseList(' a, b,,a , c ,')).toEqual(['a', 'b', 'c']);
    expect(parseList('')).toEqual([]);
    expect(parseList(' , ,')).toEqual([]);
  });

  it('typed input adds to the list by the same rule', () => {
    expect(addToList(['a', 'b'], 'b, c,  ,d')).toEqual(['a', 'b', 'c', 'd']);
    expect(addToList(['a'], '   ')).toEqual(['a']);
  });
});

describe('number parameters', () => {
  it('must be digits only, else "{name} is not a number!"', () => {
    expect(numberError('limit', '42')).toBeUndefined();
    expect(numberError('limit', '')).toBeUndefined();
    expect(numberError('limit', undefined)).toBeUndefined();
    expect(numberError('limit', '4.2')).toBe('limit is not a number!');
    expect(numberError('limit', '-1')).toBe('limit is not a number!');
    expect(numberError('limit', '1e3')).toBe('limit is not a number!');
    expect(numberError('limit', ' 7')).toBe('limit is not a number!');
  });

  it('errors come by parameter name, only for number parameters', () => {
    expect(parameterErrors(custom, { limit: 'ten', label: 'ten' })).toEqual({ limit: 'limit is not a number!' });
    expect(parameterErrors(custom, { limit: '10' })).toEqual({});
    expect(parameterErrors(undefined, { limit: 'ten' })).toEqual({});
  });
});

describe('normalising parameters for saving', () => {
  it('percentages become whole numbers 0..100, lists canonical, booleans true/false, strings trimmed', () => {
    expect(
      normaliseParameters(custom, {
        regions: ' eu, us,eu,',
        limit: '5',
        beta: 'true',
        share: '33.6',
        label: '  hi ',
        extra: 'kept',
      }),
    ).toEqual({ regions: 'eu,us', limit: '5', beta: 'true', share: '34', label: 'hi', odd: '', extra: 'kept' });
    expect(normaliseParameters(custom, { share: '250', beta: 'yes' })).toMatchObject({ share: '100', beta: 'false' });
  });

  it('the slider value of a missing or bad percentage is 0', () => {
    expect(percentageValue(undefined)).toBe(0);
    expect(percentageValue('abc')).toBe(0);
    expect(percentageValue('-3')).toBe(0);
    expect(percentageValue('50')).toBe(50);
  });
});
