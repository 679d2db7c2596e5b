import type { Constraint } from '../../contract/constraints.ts';
import type { ClientFeature } from '../../contract/client-api.ts';
import type { Variant } from '../../contract/variants.ts';
import type { EnvironmentState, FeatureRow } from '../features/index.ts';

/** Unleash's client shape of a toggle: strategies without ids, no timestamps. */
export const clientFeature = (f: FeatureRow, state: EnvironmentState): ClientFeature => ({
  name: f.name,
  description: f.description,
  type: f.type,
  project: f.project,
  enabled: state.enabled,
  stale: f.stale,
  strategies: state.strategies.map((s) => ({
    name: s.strategyName,
    constraints: s.constraints as Constraint[],
    parameters: s.parameters as Record<string, string>,
  })),
  variants: f.variants as Variant[] | null,
});
