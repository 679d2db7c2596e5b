import type { ClientFeature } from '../../contract/client-api.ts';
import type { Constraint } from '../../contract/constraints.ts';
import type { ClientSegment } from '../../contract/segments.ts';
import type { Variant } from '../../contract/variants.ts';
import type { FeatureRow, ServedState } from '../features/index.ts';
import type { SegmentRow } from '../segments/index.ts';

/** What SDKs receive of a segment. */
export const clientSegment = (s: SegmentRow): ClientSegment => ({
  id: s.id,
  name: s.name,
  constraints: s.constraints,
});

/**
 * Unleash's client shape of a toggle: strategies without ids, no timestamps. With `inlined` (the segments by id),
 * each strategy's constraints are followed by those of its segments and it names none; without, it names its
 * segments by id (only when it has any).
 */
export function clientFeature(
  f: FeatureRow,
  state: ServedState,
  inlined: ReadonlyMap<number, SegmentRow> | undefined,
): ClientFeature {
  return {
    name: f.name,
    description: f.description,
    type: f.type,
    project: f.project,
    enabled: state.enabled,
    stale: f.stale,
    impressionData: f.impressionData,
    strategies: state.strategies.map((s) => {
      const constraints = s.constraints as Constraint[];
      const segments = s.segments;
      const variants = s.variants.length > 0 ? { variants: s.variants } : {};
      const base = { name: s.strategyName, parameters: s.parameters as Record<string, string> };
      if (inlined) {
        const extra = segments.flatMap((id) => inlined.get(id)?.constraints ?? []);
        return { ...base, constraints: [...constraints, ...extra], ...variants };
      }
      return { ...base, constraints, ...(segments.length > 0 ? { segments } : {}), ...variants };
    }),
    variants: f.variants as Variant[] | null,
    ...(state.dependencies.length > 0 ? { dependencies: state.dependencies } : {}),
  };
}

/** Toggles serialized one by one, in order: their names, projects and JSON texts. */
export interface SerializedBatch {
  names: string[];
  projects: string[];
  json: string[];
}

/** Where in an answer's bytes a toggle's JSON is ([start, end)), and its project. */
export interface FeaturePlace {
  start: number;
  end: number;
  project: string;
}

/** The bytes of an answer, and where in them each toggle's JSON is, by name. */
export interface SerializedAnswer {
  body: Buffer;
  features: Map<string, FeaturePlace>;
}

const FEATURES_OPEN = '"features":[';

/**
 * The body of GET api/client/features from its envelope serialized without toggles and the toggles serialized by
 * the same schema: the same JSON as the whole serialized at once, written straight into one buffer (no 6 MB string
 * of 10,000 toggles is ever made), with each toggle's place in it, so GET api/client/features/{name} answers a
 * slice of it.
 */
export function clientFeaturesBody(emptyEnvelope: string, batches: SerializedBatch[]): SerializedAnswer {
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
  const features = new Map<string, FeaturePlace>();
  let written = body.write(head);
  let first = true;
  for (const { names, projects, json } of batches) {
    json.forEach((feature, i) => {
      if (!first) written += body.write(',', written);
      first = false;
      const start = written;
      written += body.write(feature, written);
      features.set(names[i], { start, end: written, project: projects[i] });
    });
  }
  body.write(tail, written);
  return { body, features };
}
