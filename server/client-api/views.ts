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

/** The bytes of an answer, where in them each toggle's JSON is, by name, and where their list is. */
export interface SerializedAnswer {
  body: Buffer;
  features: Map<string, FeaturePlace>;
  /** The toggles' list within the bytes: from after its `[` to its `]`. */
  list: { start: number; end: number };
}

const FEATURES_OPEN = '"features":[';

/** The bytes of an answer's envelope (serialized without toggles) before and after its toggles' list. */
function envelopeParts(emptyEnvelope: string): { head: Buffer; tail: Buffer } {
  const at = emptyEnvelope.indexOf(`${FEATURES_OPEN}]`);
  if (at < 0) throw new Error(`no empty features list in ${emptyEnvelope}`);
  return {
    head: Buffer.from(emptyEnvelope.slice(0, at + FEATURES_OPEN.length)),
    tail: Buffer.from(emptyEnvelope.slice(at + FEATURES_OPEN.length)),
  };
}

/**
 * The body of GET api/client/features from its envelope serialized without toggles and the toggles serialized by
 * the same schema: the same JSON as the whole serialized at once, written straight into one buffer (no 6 MB string
 * of 10,000 toggles is ever made), with each toggle's place in it, so GET api/client/features/{name} answers a
 * slice of it.
 */
export function clientFeaturesBody(emptyEnvelope: string, batches: SerializedBatch[]): SerializedAnswer {
  const { head, tail } = envelopeParts(emptyEnvelope);
  let length = head.length + tail.length;
  let count = 0;
  for (const { json } of batches) {
    for (const feature of json) length += Buffer.byteLength(feature);
    count += json.length;
  }
  const body = Buffer.allocUnsafe(length + Math.max(count - 1, 0)); // the commas between toggles
  const features = new Map<string, FeaturePlace>();
  let written = head.copy(body);
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
  tail.copy(body, written);
  return { body, features, list: { start: head.length, end: written } };
}

/** A toggle of an answer as it is served now (its JSON and project), or null when it is no longer served. */
export type ServedToggle = { json: string; project: string } | null;

/**
 * The answer `previous` with some toggles changed: each served one's new JSON in its place, those no longer served
 * taken out, and new ones put after the toggle that comes before them in the database's order (`before`, null for
 * the first), so the bytes are those the whole answer read again would have; every other toggle's bytes are copied,
 * within the envelope serialized now (its segments may have changed). Undefined when `before` does not fit the
 * answer (then it is read whole).
 */
export function patchedAnswer(
  previous: Pick<SerializedAnswer, 'body' | 'list'> & { features: ReadonlyMap<string, FeaturePlace> },
  changed: ReadonlyMap<string, ServedToggle>,
  before: ReadonlyMap<string, string | null>,
  emptyEnvelope: string,
): SerializedAnswer | undefined {
  const next = new Map<string | null, string>(); // a toggle -> the new one right after it
  for (const [name, preceding] of before) {
    if (next.has(preceding)) return undefined;
    next.set(preceding, name);
  }
  const order: string[] = [];
  const follow = (from: string | null) => {
    for (let name = next.get(from); name !== undefined; from = name, name = next.get(name)) {
      next.delete(from);
      order.push(name);
    }
  };
  follow(null);
  for (const name of previous.features.keys()) {
    if (changed.get(name) === null) continue;
    order.push(name);
    follow(name);
  }
  if (next.size > 0) return undefined;

  const json = new Map<string, Buffer>();
  for (const [name, toggle] of changed) if (toggle) json.set(name, Buffer.from(toggle.json));
  const old = previous.body;
  const { head, tail } = envelopeParts(emptyEnvelope);
  let length = head.length + tail.length + Math.max(order.length - 1, 0);
  for (const name of order) {
    const place = previous.features.get(name);
    length += json.get(name)?.length ?? place!.end - place!.start;
  }
  const body = Buffer.allocUnsafe(length);
  const features = new Map<string, FeaturePlace>();
  let written = head.copy(body);
  // Toggles that follow each other unchanged are copied in one piece (with their commas): a few copies, not 10,000.
  let run: { from: number; to: number; at: number } | undefined;
  const copyRun = () => {
    if (run) written += old.copy(body, written, run.from, run.to);
    run = undefined;
  };
  for (const name of order) {
    const fresh = json.get(name);
    const place = previous.features.get(name)!;
    if (fresh) {
      copyRun();
      if (features.size > 0) body[written++] = 0x2c; // ,
      features.set(name, { start: written, end: written + fresh.length, project: changed.get(name)!.project });
      written += fresh.copy(body, written);
      continue;
    }
    if (run?.to !== place.start - 1) {
      copyRun();
      if (features.size > 0) body[written++] = 0x2c;
      run = { from: place.start, to: place.start, at: written };
    }
    run.to = place.end;
    const start = run.at + place.start - run.from;
    features.set(name, { start, end: start + place.end - place.start, project: place.project });
  }
  copyRun();
  tail.copy(body, written);
  return { body, features, list: { start: head.length, end: written } };
}
