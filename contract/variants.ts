import { Type, type Static } from 'typebox';

/** Variant rules: weights are tenths of a percent and a toggle's variants share 1000. */
export const TOTAL_WEIGHT = 1000;
export const PAYLOAD_TYPES = ['string', 'json', 'csv', 'number'] as const;
export const WEIGHT_TYPES = ['variable', 'fix'] as const;
export type PayloadType = (typeof PAYLOAD_TYPES)[number];
export type WeightType = (typeof WEIGHT_TYPES)[number];

export const TOTAL_EXCEEDED = 'The traffic distribution total must equal 100%';
export const NO_VARIABLE_VARIANT = 'There must be at least one variable variant';

export const OverrideSchema = Type.Object({ contextName: Type.String(), values: Type.Array(Type.String()) });
export type Override = Static<typeof OverrideSchema>;

/** A variant as the API serves it; older servers may leave out weightType, stickiness and overrides. */
export const VariantSchema = Type.Object({
  name: Type.String(),
  weight: Type.Number(),
  weightType: Type.Optional(Type.Union([Type.Literal('variable'), Type.Literal('fix')])),
  stickiness: Type.Optional(Type.String()),
  payload: Type.Optional(
    Type.Object({
      type: Type.Union([Type.Literal('string'), Type.Literal('json'), Type.Literal('csv'), Type.Literal('number')]),
      value: Type.String(),
    }),
  ),
  overrides: Type.Optional(Type.Array(OverrideSchema)),
});
export type Variant = Static<typeof VariantSchema>;

/**
 * A strategy variant: assigned when its strategy decides, instead of the toggle's variants (no overrides). Its
 * stickiness and weights follow the toggle variants' rules; a strategy's variants share the same total.
 */
export const StrategyVariantSchema = Type.Object({
  name: Type.String(),
  weight: Type.Number(),
  weightType: Type.Optional(Type.Union([Type.Literal('variable'), Type.Literal('fix')])),
  stickiness: Type.Optional(Type.String()),
  payload: VariantSchema.properties.payload,
});
export type StrategyVariant = Static<typeof StrategyVariantSchema>;

/** A variant without a weight type (as older servers send it) is variable. */
export const isVariable = (variant: Pick<Variant, 'weightType'>) => variant.weightType !== 'fix';

/**
 * The rule every change of a toggle's variants goes through, on both sides: at least one variant must be variable
 * and fixed weights must not sum above the total (checked in that order, as Unleash 4); the variable ones share the
 * rest by integer division, the remainder one tenth each to the first of them (three variants: 334, 333, 333).
 */
export function rebalance<V extends Variant>(variants: V[]): { variants: V[]; error?: undefined } | { error: string } {
  if (variants.length === 0) return { variants: [] };
  const variableCount = variants.filter(isVariable).length;
  if (variableCount === 0) return { error: NO_VARIABLE_VARIANT };
  const fixed = variants.filter((v) => !isVariable(v)).reduce((sum, v) => sum + v.weight, 0);
  if (fixed > TOTAL_WEIGHT) return { error: TOTAL_EXCEEDED };
  const remaining = TOTAL_WEIGHT - fixed;
  const share = Math.floor(remaining / variableCount);
  let extra = remaining - share * variableCount;
  return {
    variants: variants.map((variant) => {
      if (!isVariable(variant)) return variant;
      const weight = extra > 0 ? share + 1 : share;
      if (extra > 0) extra -= 1;
      return { ...variant, weightType: 'variable', weight };
    }),
  };
}
