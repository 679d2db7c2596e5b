import type { Constraint } from '../../contract/constraints.ts';
import type { ClientFeature } from '../../contract/client-api.ts';
import type { Variant } from '../../contract/variants.ts';
import type { FeatureRow, ServedState } from '../features/index.ts';

/** Unleash's client shape of a toggle: strategies without ids, no timestamps. */
export const clientFeature = (f: FeatureRow, state: ServedState): ClientFeature => ({
  name: f.name,
  description: f.description,
  type: f.type,
  project: f.project,
  enabled: state.enabled,
  stale: f.stale,
  impressionData: f.impressionData,
  strategies: state.strategies.map((s) => ({
    name: s.strategyName,
    constraints: s.constraints as Constraint[],
    parameters: s.parameters as Record<string, string>,
  })),
  variants: f.variants as Variant[] | null,
});

/** Toggles serialized one by one, in order: their names and JSON texts. */
export interface SerializedBatch {
  names: string[];
  json: string[];
}

/** The bytes of an answer, and where in them each toggle's JSON is: [start, end) by name. */
export interface SnapshotBody {
  body: Buffer;
  features: Map<string, [number, number]>;
}

const FEATURES_OPEN = '"features":[';

/**
 * The body of GET api/client/features from its envelope serialized without toggles and the toggles serialized by
 * the same schema: the same JSON as the whole serialized at once, written straight into one buffer (no 6 MB string
 * of 10,000 toggles is ever made), with each toggle's place in it, so GET api/client/features/{name} answers a
 * slice of it.
 */
export function clientFeaturesBody(emptyEnvelope: string, batches: SerializedBatch[]): SnapshotBody {
  const at = emptyEnvelope.indexOf(`${FEATURES_OPEN}]`);
  if (at < 0) throw new Error(`no empty features list in ${emptyEnvelope}`);
  const head = emptyEnvelope.slice(0, at + FEATURES_OPEN.length);
  const tail = emptyEnvelope.slice(at + FEATURES_OPEN.length);
  let length = Buffer.byteLength(head) + Buffer.byteLength(tail);
  let count = 0;
  for (const { json } of batches) {
    for (const feature of json) length += Buffer.byteLength(feature);
    count += json.length;
  }
  const body = Buffer.allocUnsafe(length + Math.max(count - 1, 0)); // the commas between toggles
  const features = new Map<string, [number, number]>();
  let written = body.write(head);
  let first = true;
  for (const { names, json } of batches) {
    json.forEach((feature, i) => {
      if (!first) written += body.write(',', written);
      first = false;
      const start = written;
      written += body.write(feature, written);
      features.set(names[i], [start, written]);
    });
  }
  body.write(tail, written);
  return { body, features };
}
