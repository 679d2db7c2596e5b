import { describe, expect, it } from 'vitest';
import { NO_VARIABLE_VARIANT, rebalance, TOTAL_EXCEEDED, type Variant } from './variants.ts';

const variable = (name: string): Variant => ({ name, weight: 0, weightType: 'variable' });
const fixed = (name: string, weight: number): Variant => ({ name, weight, weightType: 'fix' });
const weights = (result: ReturnType<typeof rebalance>) =>
  'variants' in result ? result.variants.map((v) => v.weight) : result.error;

describe('rebalance', () => {
  it('shares the total by integer division, the remainder to the first variable variants', () => {
    expect(weights(rebalance([variable('a'), variable('b'), variable('c')]))).toEqual([334, 333, 333]);
    expect(
      weights(rebalance([variable('a'), variable('b'), variable('c'), variable('d'), variable('e'), variable('f')])),
    ).toEqual([167, 167, 167, 167, 166, 166]);
  });

  it('keeps fixed weights and shares what they leave', () => {
    expect(weights(rebalance([variable('a'), fixed('b', 500), variable('c')]))).toEqual([250, 500, 250]);
  });

  it('treats a variant without a weight type as variable', () => {
    expect(weights(rebalance([{ name: 'a', weight: 7 }]))).toEqual([1000]);
  });

  it('refuses fixed weights above the total and a list without a variable variant', () => {
    expect(weights(rebalance([fixed('a', 600), fixed('b', 500), variable('c')]))).toBe(TOTAL_EXCEEDED);
    expect(weights(rebalance([fixed('a', 1000)]))).toBe(NO_VARIABLE_VARIANT);
  });

  it('allows an empty list', () => {
    expect(weights(rebalance([]))).toEqual([]);
  });
});
