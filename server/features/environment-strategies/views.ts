import { type Constraint, servedConstraint } from '../../../contract/constraints.ts';
import type { OrderedStrategy, StrategyInstance } from '../../../contract/features.ts';
import type { StrategyVariant } from '../../../contract/variants.ts';
import type { StrategyRow } from './store.ts';

/** Stored constraints as answers serve them (servedConstraint); nothing else is changed on the way out. */
export const servedConstraints = (constraints: unknown) => (constraints as Constraint[]).map(servedConstraint);

export const strategyInstance = (s: StrategyRow): StrategyInstance => ({
  id: s.id,
  name: s.strategyName,
  constraints: servedConstraints(s.constraints),
  parameters: s.parameters as Record<string, string>,
  segments: s.segments,
  variants: s.variants as StrategyVariant[],
});

export const orderedStrategy = (s: StrategyRow): OrderedStrategy => ({
  ...strategyInstance(s),
  sortOrder: s.sortOrder,
});

/** What PUT and PATCH of a strategy instance answer (Unleash's shape, with sortOrder). */
export const updatedStrategy = (s: StrategyRow) => ({ ...orderedStrategy(s), featureName: s.feature });
