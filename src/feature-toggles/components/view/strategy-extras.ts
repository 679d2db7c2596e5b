import { useState } from 'react';
import type { StrategyVariant } from '../../../../contract/variants';
import { stableJson } from '../../../offline/changes';
import type { EditedStrategy, StrategyInstance } from '../../../strategies/strategy-instance';

/** A strategy as the toggle's strategy forms save it: the configure form's fields with segments and variants. */
export type TargetedStrategy = EditedStrategy & Pick<StrategyInstance, 'segments' | 'variants'>;

/** What a strategy adds to its parameters and constraints: the segments it uses (ids) and its variants. */
export interface StrategyExtras {
  segments: number[];
  variants: StrategyVariant[];
}

const extrasOf = (strategy: StrategyInstance | undefined): StrategyExtras => ({
  segments: [...(strategy?.segments ?? [])],
  variants: (strategy?.variants ?? []).map((v) => ({ ...v })),
});

/**
 * The segments and variants of a strategy being configured, beside the configure form's own state: whether they
 * differ from the saved strategy's, and the strategy to save with them. A list is saved when the strategy had it or
 * it is not empty (a server before Unleash 4.13 knows neither).
 */
export function useStrategyExtras(saved?: StrategyInstance) {
  const [extras, setExtras] = useState(() => extrasOf(saved));
  const initial = extrasOf(saved);
  return {
    extras,
    setSegments: (segments: number[]) => setExtras((e) => ({ ...e, segments })),
    setVariants: (variants: StrategyVariant[]) => setExtras((e) => ({ ...e, variants })),
    dirty: stableJson(initial) !== stableJson(extras),
    reset: () => setExtras(extrasOf(saved)),
    /** The configure form's strategy with the segments and variants. */
    with: (strategy: EditedStrategy): TargetedStrategy => ({
      ...strategy,
      ...((saved?.segments || extras.segments.length > 0) && { segments: extras.segments }),
      ...((saved?.variants || extras.variants.length > 0) && { variants: extras.variants }),
    }),
  };
}

export type StrategyExtrasState = ReturnType<typeof useStrategyExtras>;
