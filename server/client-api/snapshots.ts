import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ClientFeature } from '../../contract/client-api.ts';
import type { ClientSegment } from '../../contract/segments.ts';
import type { Revisions } from '../platform/revisions/revisions.ts';
import { strongEtag, type Encoding } from './rules.ts';
import type { FeaturePlace, SerializedAnswer } from './views.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * gzip at its best level, brotli at quality 4: on 10,000 toggles (6 MB of JSON) 4 takes 0.1 s, 9 takes 1.6 s for 1%
 * less and 11 nearly two minutes. Each snapshot is compressed once, on zlib's thread pool, off the event loop.
 */
const compressors: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  br: (body) =>
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
};

/** A body and its content codings, each made once, on the first request that accepts it. */
export class EncodedBody {
  /** The body in each coding made so far (identity always). */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
  readonly #pending = new Map<Encoding, Promise<Buffer>>();
  readonly #grown: () => void;

  constructor(body: Buffer, grown: () => void = () => {}) {
    this.encoded = { identity: body };
    this.#grown = grown;
  }

  get bytes(): number {
    return Object.values(this.encoded).reduce((sum, body) => sum + body.length, 0);
  }

  /** The body in that coding: made on the first call, every later call shares it. */
  encode(encoding: Encoding): Promise<Buffer> {
    const done = this.encoded[encoding];
    if (done) return Promise.resolve(done);
    let pending = this.#pending.get(encoding);
    if (!pending) {
      pending = compressors[encoding as Exclude<Encoding, 'identity'>](this.encoded.identity!).then((body) => {
        this.encoded[encoding] = body;
        this.#pending.delete(encoding);
        this.#grown();
        return body;
      });
      this.#pending.set(encoding, pending);
    }
    return pending;
  }
}

/** What a snapshot is built from: the answer's bytes with each toggle's place, and what it was read with. */
export interface SnapshotBody extends SerializedAnswer {
  /** The segments the answer lists (none when their constraints are inlined). */
  segments: ClientSegment[];
  /** The segments the toggles name, as they were read, and the ids of those each toggle names. */
  named: ClientSegment[];
  uses: Map<string, number[]>;
  /** The newest audit event the read saw: the delta API's eventId. */
  eventId: number;
  /** Every event up to this id is in the answer (undefined: not known, so it cannot be patched). */
  committed: number | undefined;
  /** The snapshot this one patches and the toggles that changed: what was derived of it is carried over. */
  patches?: { previous: Snapshot; changed: ReadonlySet<string> };
}

/** A toggle's fingerprint in a snapshot (a hash of its JSON, which the delta API compares) and its project. */
export interface Fingerprint {
  hash: string;
  project: string;
}

const fingerprint = (json: Buffer) => createHash('sha1').update(json).digest('base64');

/** How many toggles are parsed or hashed between two turns of the event loop (10,000 at once would hold it). */
const SLICE = 500;

/**
 * One answer, serialized once: the JSON bytes, its ETag (a hash of its content, equal in every process for equal
 * content), each coding once it has been asked for, and each toggle's JSON within the bytes. What other readers
 * derive from it (the toggles as objects, their fingerprints, the delta API's hydration) is made once, when first
 * asked for; a patched snapshot carries over what its predecessor had made for the toggles that did not change.
 */
export class Snapshot extends EncodedBody {
  readonly revision: number;
  readonly etag: string;
  readonly segments: ClientSegment[];
  readonly named: ClientSegment[];
  readonly uses: ReadonlyMap<string, number[]>;
  readonly eventId: number;
  readonly committed: number | undefined;
  readonly list: { start: number; end: number };
  readonly #features: Map<string, FeaturePlace>;
  #state: ClientState | undefined;
  #fingerprints: Map<string, Fingerprint> | undefined;
  #derived = new Map<string, unknown>();

  constructor(revision: number, etag: string, answer: SnapshotBody, grown: () => void) {
    super(answer.body, grown);
    this.revision = revision;
    this.etag = etag;
    this.segments = answer.segments;
    this.named = answer.named;
    this.uses = answer.uses;
    this.eventId = answer.eventId;
    this.committed = answer.committed;
    this.list = answer.list;
    this.#features = answer.features;
    if (answer.patches) this.#carryOver(answer.patches.previous, answer.patches.changed);
  }

  /** The JSON of one toggle of the answer (a view of its bytes, not a copy); undefined when it is not in it. */
  feature(name: string): Buffer | undefined {
    const at = this.#features.get(name);
    return at && this.encoded.identity!.subarray(at.start, at.end);
  }

  /** Each toggle's place in the bytes, in the answer's order. */
  get places(): ReadonlyMap<string, FeaturePlace> {
    return this.#features;
  }

  /** The answer as objects (parsed once, a slice of toggles per turn of the event loop). */
  async state(): Promise<ClientState> {
    if (!this.#state) {
      const features: ClientFeature[] = [];
      for (const slice of this.#slices()) {
        for (const name of slice) features.push(this.#parse(name));
        await nextTurn();
      }
      this.#state ??= { etag: this.etag, features, segments: this.segments };
    }
    return this.#state;
  }

  /** Each toggle's fingerprint, by name (made once: at once here, or a slice per turn by `makeAsBefore`). */
  fingerprints(): ReadonlyMap<string, Fingerprint> {
    return (this.#fingerprints ??= new Map([...this.#features.keys()].map((name) => [name, this.#fingerprint(name)])));
  }

  /**
   * Makes what `previous` (this key's snapshot before a full read) had made, its objects and fingerprints, a
   * slice of toggles per turn of the event loop, before this one is served: their readers then find them made.
   */
  async makeAsBefore(previous: Snapshot | undefined): Promise<void> {
    if (!previous) return;
    if (previous.#state) await this.state();
    if (previous.#fingerprints && !this.#fingerprints) {
      const fingerprints = new Map<string, Fingerprint>();
      for (const slice of this.#slices()) {
        for (const name of slice) fingerprints.set(name, this.#fingerprint(name));
        await nextTurn();
      }
      this.#fingerprints ??= fingerprints;
    }
  }

  /** The toggles' names in the answer's order, SLICE at a time. */
  *#slices(): Generator<string[]> {
    const names = [...this.#features.keys()];
    for (let at = 0; at < names.length; at += SLICE) yield names.slice(at, at + SLICE);
  }

  #parse(name: string): ClientFeature {
    return JSON.parse(this.feature(name)!.toString('utf8')) as ClientFeature;
  }

  #fingerprint(name: string): Fingerprint {
    return { hash: fingerprint(this.feature(name)!), project: this.#features.get(name)!.project };
  }

  /** Something made of this snapshot by `make`, kept with it under `name` (made on the first call). */
  derived<T>(name: string, make: (snapshot: Snapshot) => T): T {
    if (!this.#derived.has(name)) this.#derived.set(name, make(this));
    return this.#derived.get(name) as T;
  }

  /** The objects and fingerprints `previous` had made, with those of the changed toggles made again. */
  #carryOver(previous: Snapshot, changed: ReadonlySet<string>) {
    if (previous.#state) {
      const kept = new Map(previous.#state.features.map((feature) => [feature.name, feature]));
      const features = [...this.#features.keys()].map((name) =>
        changed.has(name) ? this.#parse(name) : kept.get(name)!,
      );
      this.#state = { etag: this.etag, features, segments: this.segments };
    }
    if (previous.#fingerprints) {
      this.#fingerprints = new Map(previous.#fingerprints);
      for (const name of changed) {
        if (this.#features.has(name)) this.#fingerprints.set(name, this.#fingerprint(name));
        else this.#fingerprints.delete(name);
      }
    }
  }
}

/** The toggles and segments of one answer as objects (the frontend API evaluates them). */
export interface ClientState {
  /** The answer's ETag: equal states have equal ETags. */
  etag: string;
  features: ClientFeature[];
  segments: ClientSegment[];
}

export interface SnapshotLimits {
  /** How many answers are kept (one per environment, project set and query). */
  entries: number;
  /** How many bytes they may take together, every coding counted; the newest one is kept whatever its size. */
  bytes: number;
}

const DEFAULT_LIMITS: SnapshotLimits = { entries: 48, bytes: 96 * 1024 * 1024 };

/**
 * The answers of the client API, kept per key (environment, project set and query) while the revision they were
 * read at is current, least recently used first out. Concurrent requests for the same key share one build; a
 * build that a change overtook is answered once but not kept.
 */
export class SnapshotCache {
  readonly #revisions: Revisions;
  readonly #limits: SnapshotLimits;
  readonly #entries = new Map<string, Snapshot>();
  readonly #building = new Map<string, { revision: number; snapshot: Promise<Snapshot> }>();
  /** How many times the database was read for a snapshot, and how many of those patched one (tests read them). */
  builds = 0;
  patched = 0;

  constructor(revisions: Revisions, limits: SnapshotLimits = DEFAULT_LIMITS) {
    this.#revisions = revisions;
    this.#limits = limits;
  }

  /**
   * The snapshot of that key if it is current, without reading anything. One that is no longer current stays
   * until its successor is read: it is what a change patches.
   */
  current(key: string): Snapshot | undefined {
    const snapshot = this.#entries.get(key);
    if (snapshot === undefined || !this.#revisions.isCurrent(snapshot.revision)) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, snapshot); // now the most recently used
    return snapshot;
  }

  /**
   * The current snapshot of that key, read with `read` (the serialized body) unless it is kept or being read.
   * `read` is given the key's previous snapshot, when there is one and changes are heard, to patch it.
   */
  get(key: string, read: (previous: Snapshot | undefined) => Promise<SnapshotBody>): Promise<Snapshot> {
    const kept = this.current(key);
    if (kept) return Promise.resolve(kept);
    const building = this.#building.get(key);
    if (building && this.#revisions.isCurrent(building.revision)) return building.snapshot;

    const revision = this.#revisions.current;
    // While changes may go unheard the key is read whole (and nothing is kept).
    if (!this.#revisions.isCurrent(revision)) this.#entries.delete(key);
    this.builds += 1;
    const previous = this.#entries.get(key);
    const snapshot = read(previous).then(async (body) => {
      if (body.patches) this.patched += 1;
      const built = new Snapshot(revision, await strongEtag(body.body), body, () => this.#evict());
      await built.makeAsBefore(previous);
      if (this.#revisions.isCurrent(revision)) {
        this.#entries.delete(key);
        this.#entries.set(key, built);
        this.#evict();
      }
      return built;
    });
    const entry = { revision, snapshot };
    this.#building.set(key, entry);
    const done = () => {
      if (this.#building.get(key) === entry) this.#building.delete(key);
    };
    snapshot.then(done, done);
    return snapshot;
  }

  #evict() {
    let total = 0;
    for (const snapshot of this.#entries.values()) total += snapshot.bytes;
    for (const [key, snapshot] of this.#entries) {
      if (this.#entries.size <= 1) break;
      if (this.#entries.size <= this.#limits.entries && total <= this.#limits.bytes) break;
      this.#entries.delete(key);
      total -= snapshot.bytes;
    }
  }
}

const caches = new WeakMap<Revisions, SnapshotCache>();

/** The snapshot cache of an app, known by the app's revisions (one cache per app, which tests can inspect). */
export function snapshotsOf(revisions: Revisions): SnapshotCache {
  let cache = caches.get(revisions);
  if (!cache) caches.set(revisions, (cache = new SnapshotCache(revisions)));
  return cache;
}
