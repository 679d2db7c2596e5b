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
 * The body of GET api/client/features from its envelope serialized without toggles and the toggles serialized by
 * the same schema (comma-separated batches): the same JSON as the whole serialized at once, written straight into
 * one buffer, so no 6 MB string of 10,000 toggles is ever made.
 */
export function clientFeaturesBody(emptyEnvelope: string, batches: string[]): Buffer {
  const at = emptyEnvelope.indexOf(`${FEATURES_OPEN}]`);
  if (at < 0) throw new Error(`no empty features list in ${emptyEnvelope}`);
  const open = at + FEATURES_OPEN.length;
  const pieces = [emptyEnvelope.slice(0, open)];
  batches.forEach((batch, i) => pieces.push(i === 0 ? batch : `,${batch}`));
  pieces.push(emptyEnvelope.slice(open));
  const body = Buffer.allocUnsafe(pieces.reduce((length, piece) => length + Buffer.byteLength(piece), 0));
  let written = 0;
  for (const piece of pieces) written += body.write(piece, written);
  return body;
}
