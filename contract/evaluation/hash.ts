import murmurHash3 from 'murmurhash3js';

/** murmurhash v3 (x86, 32 bit) of `groupId:id`, as every SDK normalises: 1 to `normalizer`. */
function normalizedValue(id: string, groupId: string, normalizer: number, seed: number): number {
  return (murmurHash3.x86.hash32(`${groupId}:${id}`, seed) % normalizer) + 1;
}

const STRATEGY_SEED = 0;
const VARIANT_SEED = 86028157;

/** A percentage bucket (1 to 100) for the rollout strategies. */
export const strategyBucket = (id: string, groupId: string) => normalizedValue(id, groupId, 100, STRATEGY_SEED);

/** A point (1 to the total weight) on a list of variants. */
export const variantBucket = (id: string, groupId: string, totalWeight: number) =>
  normalizedValue(id, groupId, totalWeight, VARIANT_SEED);
