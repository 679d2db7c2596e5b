import type { Override } from '../variants.ts';
import { contextValue, type EvaluationContext } from './context.ts';
import { variantBucket } from './hash.ts';

// Variant selection as the SDKs do it (client specification 6.1, files 08, 12 and 16): overrides first, then the
// stickiness value's point on the weights (murmurhash v3 with the variant seed, over the weights' own total).

export interface WeightedVariant {
  name: string;
  weight: number;
  stickiness?: string;
  payload?: { type: string; value: string };
  overrides?: Override[];
}

const randomSeed = () => String(Math.round(Math.random() * 100000));

function seedOf(context: EvaluationContext, stickiness: string): string {
  if (stickiness !== 'default') return contextValue(context, stickiness) || randomSeed();
  const found = [context.userId, context.sessionId, context.remoteAddress].find((v) => typeof v === 'string' && v);
  return found || randomSeed();
}

/** The variant the context gets from a list, or undefined when the weights add up to nothing. */
export function selectVariant<V extends WeightedVariant>(
  variants: readonly V[],
  groupId: string,
  stickiness: string | undefined,
  context: EvaluationContext,
): V | undefined {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  if (total <= 0) return undefined;
  const overridden = variants.find((v) =>
    v.overrides?.some((o) => o.values.some((value) => value === contextValue(context, o.contextName))),
  );
  if (overridden) return overridden;
  const target = variantBucket(seedOf(context, stickiness || 'default'), groupId, total);
  let counter = 0;
  return variants.find((v) => {
    if (v.weight === 0) return false;
    counter += v.weight;
    return counter >= target;
  });
}
