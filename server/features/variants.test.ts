import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/http/errors.ts';
import { checkVariants } from './variants.ts';

const message = (input: unknown) => {
  try {
    checkVariants(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).details[0].message;
  }
  throw new Error('the variants were accepted');
};
const weights = (input: unknown[]) => checkVariants(input).map((v) => v.weight);

describe('checkVariants', () => {
  it('shares what fixed variants leave among variable ones by integer division, the remainder to the first ones', () => {
    expect(weights([{ name: 'a' }])).toEqual([1000]);
    expect(weights([{ name: 'a' }, { name: 'b' }, { name: 'c' }])).toEqual([334, 333, 333]);
    expect(weights([{ name: 'a' }, { name: 'b', weight: 500, weightType: 'fix' }, { name: 'c' }])).toEqual([
      250, 500, 250,
    ]);
    expect(
      weights([
        { name: 'a', weight: 1 },
        { name: 'b', weight: 1 },
        { name: 'c', weight: 1 },
        { name: 'd', weight: 0, weightType: 'fix' },
      ]),
    ).toEqual([334, 333, 333, 0]);
    expect(
      weights([{ name: 'a', weight: 333, weightType: 'fix' }, ...'bcdefg'.split('').map((name) => ({ name }))]),
    ).toEqual([333, 112, 111, 111, 111, 111, 111]);
    expect(weights([{ name: 'a', weight: 1000, weightType: 'fix' }, { name: 'b' }])).toEqual([1000, 0]);
    expect(checkVariants([])).toEqual([]);
  });

  it('fills in the defaults and keeps only the known fields', () => {
    expect(checkVariants([{ name: 'a', payload: { type: 'csv', value: 'a,b' } }])).toEqual([
      {
        name: 'a',
        weight: 1000,
        weightType: 'variable',
        stickiness: 'default',
        overrides: [],
        payload: { type: 'csv', value: 'a,b' },
      },
    ]);
  });

  it('refuses bad variants with Joi-like messages', () => {
    expect(message([{ name: 'a' }, { name: 'a' }])).toBe('"variants[1].name" contains a duplicate value');
    expect(message([{ name: 'a', weight: '5' }])).toBe('"variants[0].weight" must be a number');
    expect(message([{ name: 'a', weight: Number.NaN }])).toBe('"variants[0].weight" must be a number');
    expect(message([{ name: 'a', weight: 5000 }])).toBe('"variants[0].weight" must be less than or equal to 1000');
    expect(
      message([
        { name: 'a', weight: 400, weightType: 'fix' },
        { name: 'b', weight: 601, weightType: 'fix' },
        { name: 'c' },
      ]),
    ).toBe('The traffic distribution total must equal 100%');
    expect(message([{ name: 'a', weight: 1000, weightType: 'fix' }])).toBe(
      'There must be at least one variable variant',
    );
    expect(message([{ name: 'x'.repeat(101) }])).toBe(
      '"variants[0].name" length must be less than or equal to 100 characters long',
    );
    expect(message([{ name: 'a', payload: { type: 'json', value: '' } }])).toBe(
      '"variants[0].payload.value" is not allowed to be empty',
    );
    expect(message([{ name: 'a', overrides: {} }])).toBe('"variants[0].overrides" must be an array');
    expect(message({})).toBe('"variants" must be an array');
  });
});
