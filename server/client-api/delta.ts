import { serializeClientSegment } from './serializers.ts';
import { EncodedBody, type Fingerprint, type Snapshot } from './snapshots.ts';

// The delta API (GET api/client/delta, client specification files 19 and 20): an SDK's first call gets a
// `hydration` event with every toggle and segment; later calls send the ETag they got as If-None-Match and get the
// events that turn that state into the current one, or 304.
//
// The revision id is the ETag of the snapshot the SDK was served: a hash of its content (rules.ts strongEtag), not a
// counter. Equal content has an equal ETag in every process, so a process answers 304 exactly when the SDK already
// has the current state, whichever process served it. A counter would need every process to agree on an order of
// commits (a sequence's values are taken before their transactions commit, in another order), and a state read
// between two commits would carry a number that later means something else. To send events, a process must know
// the state the SDK has: it keeps the fingerprints of the last states it served; a state it does not know (served
// by another process, or forgotten) is answered with a hydration, which is always correct.

/** A state the delta API served: each toggle's fingerprint (a hash of its JSON) and project, each segment's JSON. */
export interface DeltaBase {
  features: ReadonlyMap<string, Fingerprint>;
  segments: Map<number, string>;
}

const baseOf = (snapshot: Snapshot): DeltaBase => ({
  features: snapshot.fingerprints(),
  segments: new Map(snapshot.segments.map((s) => [s.id, serializeClientSegment(s)])),
});

/** The state of a snapshot as the delta API diffs against it (made once per snapshot). */
export const deltaBase = (snapshot: Snapshot): DeltaBase => snapshot.derived('delta-base', baseOf);

/** How many served states are remembered (their fingerprints: ~100 bytes a toggle), the oldest forgotten first. */
const KEPT_STATES = 32;

/** The states the delta API served, by answer key and ETag, the most recently served last. */
export class DeltaHistory {
  readonly #states = new Map<string, DeltaBase>();

  /** Remembers the state of a snapshot that is being served (its fingerprints are made once per snapshot). */
  remember(key: string, snapshot: Snapshot): void {
    const id = `${key}\n${snapshot.etag}`;
    this.#states.delete(id);
    this.#states.set(id, deltaBase(snapshot));
    while (this.#states.size > KEPT_STATES) this.#states.delete(this.#states.keys().next().value!);
  }

  /** The state served under that key with that ETag, if it is remembered. */
  find(key: string, etag: string): DeltaBase | undefined {
    return this.#states.get(`${key}\n${etag}`);
  }
}

const json = (value: unknown) => JSON.stringify(value);

/** The events that turn `base` into the snapshot's state, as the JSON body of the answer. */
export function deltaBody(base: DeltaBase, snapshot: Snapshot): Buffer {
  const id = snapshot.eventId;
  const parts: Array<string | Buffer> = [];
  const event = (type: string, rest: string | Buffer, field: string) =>
    parts.push(`{"eventId":${id},"type":"${type}","${field}":`, rest, '}', ',');
  const segments = new Set<number>();
  for (const segment of snapshot.segments) {
    segments.add(segment.id);
    const text = serializeClientSegment(segment);
    if (base.segments.get(segment.id) !== text) event('segment-updated', text, 'segment');
  }
  const fingerprints = snapshot.fingerprints();
  for (const name of snapshot.places.keys()) {
    const changed = base.features.get(name)?.hash !== fingerprints.get(name)!.hash;
    if (changed) event('feature-updated', snapshot.feature(name)!, 'feature');
  }
  for (const [name, { project }] of base.features) {
    if (!snapshot.places.has(name)) event('feature-removed', `${json(name)},"project":${json(project)}`, 'featureName');
  }
  for (const segmentId of base.segments.keys()) {
    if (!segments.has(segmentId)) event('segment-removed', String(segmentId), 'segmentId');
  }
  parts.pop(); // the last comma
  return Buffer.concat(['{"events":[', ...parts, ']}'].map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
}

/** The hydration answer of a snapshot: every toggle and segment in one event, made and compressed once. */
export function hydration(snapshot: Snapshot): EncodedBody {
  return snapshot.derived('hydration', () => {
    const places = [...snapshot.places.values()];
    const features =
      places.length === 0
        ? Buffer.alloc(0)
        : snapshot.encoded.identity!.subarray(places[0].start, places[places.length - 1].end);
    const segments = `[${snapshot.segments.map((s) => serializeClientSegment(s)).join(',')}]`;
    const head = `{"events":[{"eventId":${snapshot.eventId},"type":"hydration","features":[`;
    return new EncodedBody(Buffer.concat([Buffer.from(head), features, Buffer.from(`],"segments":${segments}}]}`)]));
  });
}
