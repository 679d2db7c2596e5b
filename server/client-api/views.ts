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

const FEATURES_OPEN = '"features":[';

/**
 * The body of GET api/client/features from its envelope serialized without toggles and the toggles serialized one
 * by one (by the same schema): the same JSON as the whole serialized at once.
 */
export function clientFeaturesBody(emptyEnvelope: string, features: string[]): string {
  const at = emptyEnvelope.indexOf(`${FEATURES_OPEN}]`);
  if (at < 0) throw new Error(`no empty features list in ${emptyEnvelope}`);
  const open = at + FEATURES_OPEN.length;
  return emptyEnvelope.slice(0, open) + features.join(',') + emptyEnvelope.slice(open);
}
