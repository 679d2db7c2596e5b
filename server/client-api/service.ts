import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ClientFeature, MetricsReport, Registration } from '../../contract/client-api.ts';
import type { ClientSegment } from '../../contract/segments.ts';
import type { ApiTokenRow } from '../api-tokens/index.ts';
import type { AppDeps } from '../deps.ts';
import { findEnvironment } from '../environments/index.ts';
import { recordSeen } from '../feature-lifecycle/index.ts';
import { CLASSIC_ENV, liveFeatureBefore, liveFeatures, servedStates, type ServedState } from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { notFound } from '../platform/http/errors.ts';
import { addHourlyCounts, upsertApplication, upsertInstance } from '../metrics/index.ts';
import { committedRevision, eventsAfter, latestEventId } from '../platform/events/store.ts';
import { listSegments, type SegmentRow } from '../segments/index.ts';
import { changedToggles } from './rules.ts';
import { clientFeature, clientSegment, type SerializedBatch, type ServedToggle } from './views.ts';

export interface ClientQuery {
  namePrefix?: string;
  tag?: Array<[string, string]>;
  project?: string[];
  environment?: string;
}

/**
 * What a token may see: its environment chooses the strategies served (`*` and admin tokens: the environment asked
 * for, else `default`); a project-scoped token sees only its project. Returns the effective filter and the `query`
 * echoed to the SDK (null when nothing narrows the answer, as Unleash).
 */
export function scopeQuery(token: Pick<ApiTokenRow, 'project' | 'environment'>, asked: ClientQuery) {
  const query: ClientQuery = { ...asked };
  if (token.environment !== '*') query.environment = token.environment;
  if (token.project !== '*')
    query.project = asked.project ? asked.project.filter((p) => p === token.project) : [token.project];
  const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ClientQuery;
  return {
    filter: { ...defined, environment: defined.environment ?? CLASSIC_ENV },
    echo: Object.keys(defined).length > 0 ? defined : null,
  };
}

/** What an answer is read for: the filter, and whether segments' constraints are inlined into the strategies. */
export type ClientFilter = ClientQuery & { environment: string; inlineSegments: boolean };

/** Whether the environment serves toggles as they are (false: disabled globally, all off); 404 for an unknown one. */
async function environmentServes(db: Db, name: string): Promise<boolean> {
  const environment = await findEnvironment(db, name);
  if (!environment && name !== CLASSIC_ENV) throw notFound(`Could not find environment with name: ${name}`);
  return environment?.enabled ?? true;
}

/**
 * How many toggles are read, shaped and serialized at a time: 10,000 never have all their rows in memory, and on
 * PGlite (whose queries run on the event loop) no batch holds it for long.
 */
const BATCH = 250;

/** The toggles an answer serves, serialized in batches, with the segments they name and the newest event seen. */
export interface SerializedFeatures {
  batches: SerializedBatch[];
  /** The segments the toggles name, in id order (as they are, whether inlined or listed). */
  segments: ClientSegment[];
  /** The ids of the segments each toggle names (toggles that name none are left out). */
  uses: Map<string, number[]>;
  eventId: number;
  /** Every event up to this id had committed before the read (undefined: not known, the read was not waited for). */
  committed: number | undefined;
}

/**
 * The newest event id up to which every event has committed, waiting for changes being committed (undefined when
 * that takes too long). A read that starts after it sees every change up to it.
 */
async function committedUpTo(deps: AppDeps): Promise<number | undefined> {
  const committed = await committedRevision(deps.db, -1);
  return committed < 0 ? undefined : committed;
}

/**
 * The toggles an SDK evaluates, each serialized by `serialize` in Unleash's client shape (strategies without ids,
 * no timestamps; in an environment that is disabled globally every toggle is off), as of one moment: every table
 * is read in one read-only REPEATABLE READ transaction, the toggles with their states and strategies a batch at a
 * time. Segments are inlined into the strategies or listed once (those the strategies name, by id).
 */
export async function serializedClientFeatures(
  deps: AppDeps,
  filter: ClientFilter,
  serialize: (feature: ClientFeature) => string,
  batchSize = BATCH,
): Promise<SerializedFeatures> {
  const committed = await committedUpTo(deps);
  const read = async (tx: Db): Promise<SerializedFeatures> => {
    const environmentOn = await environmentServes(tx, filter.environment);
    const segments = new Map((await listSegments(tx)).map((s) => [s.id, s]));
    const uses = new Map<string, number[]>();
    const batches: SerializedBatch[] = [];
    let after: string | undefined;
    for (;;) {
      await nextTurn(); // PGlite runs every query on the event loop: other requests get their turn between batches
      const batch = await liveFeatures(tx, { ...scopeOf(filter), after }, batchSize);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].name;
      const state = await servedStates(tx, batch, filter.environment);
      batches.push({
        names: batch.map((f) => f.name),
        projects: batch.map((f) => f.project),
        json: batch.map((f) => {
          const served = state(f.name);
          const named = segmentIds(served);
          if (named.length > 0) uses.set(f.name, named);
          const feature = clientFeature(
            f,
            { ...served, enabled: environmentOn && served.enabled },
            filter.inlineSegments ? segments : undefined,
          );
          return serialize(feature);
        }),
      });
      if (batch.length < batchSize) break;
    }
    return { batches, segments: namedSegments(uses, segments), uses, eventId: await latestEventId(tx), committed };
  };
  return deps.db.transaction(read, READ_ONLY);
}

const READ_ONLY = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** The toggles an answer serves, as liveFeatures filters them. */
const scopeOf = (filter: ClientFilter) => ({
  projects: filter.project,
  namePrefix: filter.namePrefix,
  tags: filter.tag,
});

/** The ids of the segments a toggle's strategies name. */
const segmentIds = (served: ServedState) => served.strategies.flatMap((strategy) => strategy.segments);

/** The segments toggles name (`uses`: each toggle's segment ids), in id order, as they are in `all`. */
function namedSegments(uses: ReadonlyMap<string, number[]>, all: ReadonlyMap<number, SegmentRow>): ClientSegment[] {
  const ids = new Set<number>();
  for (const named of uses.values()) for (const id of named) ids.add(id);
  return [...ids]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const segment = all.get(id);
      return segment ? [clientSegment(segment)] : [];
    });
}

/** How many events, and toggles they change, a patch reads at most; beyond, the whole answer is read again. */
const MAX_EVENTS = 1000;
const MAX_CHANGED = 100;

/** The toggles that changed since an answer was read, as they are served now. */
export interface ChangedFeatures {
  /** Each changed toggle's JSON and project, null when it is no longer served. */
  changed: Map<string, ServedToggle>;
  /** Each served toggle that the answer did not serve, with the served toggle just before it (null: the first). */
  before: Map<string, string | null>;
  /** The segments the toggles now name, and which each names (as in SerializedFeatures). */
  segments: ClientSegment[];
  uses: Map<string, number[]>;
  eventId: number;
  committed: number;
}

/** What an answer was read with, that a patch of it starts from. */
export interface ReadAnswer {
  /** The toggles it serves. */
  places: ReadonlyMap<string, unknown>;
  /** The segments its toggles named, as they were, and which each named. */
  named: readonly ClientSegment[];
  uses: ReadonlyMap<string, number[]>;
}

/**
 * What changed for an answer read after every event up to `since` had committed: the toggles the audit events
 * since then name, and those using a segment that changed, read and serialized as serializedClientFeatures would.
 * Undefined when the events may have changed more than the toggles they name, or too many of them: then the answer
 * is read whole.
 */
export async function changedClientFeatures(
  deps: AppDeps,
  filter: ClientFilter,
  serialize: (feature: ClientFeature) => string,
  since: number,
  previous: ReadAnswer,
): Promise<ChangedFeatures | undefined> {
  const committed = await committedUpTo(deps);
  if (committed === undefined || committed < since) return undefined;
  const read = async (tx: Db): Promise<ChangedFeatures | undefined> => {
    const events = await eventsAfter(tx, since, MAX_EVENTS + 1);
    const found = events.length > MAX_EVENTS ? undefined : changedToggles(events);
    if (found === undefined) return undefined;
    const names = new Set(found.toggles);
    const changed = new Map<string, ServedToggle>();
    const before = new Map<string, string | null>();
    const uses = new Map(previous.uses);
    if (names.size === 0 && !found.segments) {
      return { changed, before, segments: [...previous.named], uses, eventId: await latestEventId(tx), committed };
    }
    const segments = new Map((await listSegments(tx)).map((s) => [s.id, s]));
    if (found.segments) {
      const json = (segment: ClientSegment | undefined) => JSON.stringify(segment);
      const current = (id: number) => segments.get(id) && clientSegment(segments.get(id)!);
      const edited = new Set(previous.named.filter((s) => json(current(s.id)) !== json(s)).map((s) => s.id));
      for (const [name, named] of previous.uses) if (named.some((id) => edited.has(id))) names.add(name);
    }
    if (names.size > MAX_CHANGED) return undefined;
    for (const name of names) {
      changed.set(name, null);
      uses.delete(name);
    }
    if (names.size > 0) {
      const environmentOn = await environmentServes(tx, filter.environment);
      const scope = scopeOf(filter);
      const rows = await liveFeatures(tx, { ...scope, names: [...names] });
      for (const row of rows) {
        await nextTurn(); // a segment's change may re-read up to MAX_CHANGED toggles: a turn for others between them
        const state = (await servedStates(tx, [row], filter.environment))(row.name);
        const inlined = filter.inlineSegments ? segments : undefined;
        const feature = clientFeature(row, { ...state, enabled: environmentOn && state.enabled }, inlined);
        changed.set(row.name, { json: serialize(feature), project: row.project });
        const named = segmentIds(state);
        if (named.length > 0) uses.set(row.name, named);
        if (!previous.places.has(row.name)) {
          before.set(row.name, (await liveFeatureBefore(tx, scope, row.name)) ?? null);
        }
      }
    }
    const named = namedSegments(uses, segments);
    return { changed, before, segments: named, uses, eventId: await latestEventId(tx), committed };
  };
  return deps.db.transaction(read, READ_ONLY);
}

/** A weak ETag of a response body, in express's format W/"<length hex>-<sha1 base64>". */
export function weakEtag(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}

/** The environment metrics and registrations are counted in: the token's, else the one reported, else default. */
const reportEnvironment = (token: ApiTokenRow, reported?: string) =>
  token.environment !== '*' ? token.environment : (reported ?? CLASSIC_ENV);

export async function register(deps: AppDeps, token: ApiTokenRow, input: Registration, clientIp: string) {
  await deps.db.transaction(async (tx) => {
    await upsertApplication(tx, { appName: input.appName, strategies: input.strategies, createdBy: clientIp });
    await upsertInstance(tx, {
      appName: input.appName,
      instanceId: input.instanceId,
      environment: reportEnvironment(token, input.environment),
      sdkVersion: input.sdkVersion ?? null,
      clientIp,
    });
  });
}

const HOUR = 60 * 60 * 1000;

/** What a metrics report records: the hourly counts, the toggles it saw used (and when), in which environment. */
export function metricsRecord(token: ApiTokenRow, input: MetricsReport) {
  const environment = reportEnvironment(token, input.environment);
  const start = new Date(input.bucket.start);
  const hour = new Date(Math.floor(start.getTime() / HOUR) * HOUR);
  const counts = Object.entries(input.bucket.toggles).map(([featureName, c]) => ({
    featureName,
    appName: input.appName,
    environment,
    hour,
    yes: c.yes,
    no: c.no,
  }));
  const seen = counts.filter((c) => c.yes + c.no > 0).map((c) => c.featureName);
  const stop = new Date(input.bucket.stop);
  const seenAt = stop.getTime() > Date.now() ? new Date() : stop;
  return { environment, counts, seen, seenAt };
}

/**
 * Adds a bucket's counts to the hourly totals, marks the reported toggles as seen and enters the lifecycle stage
 * that being seen in the environment tells (those that entered it already stay as they are).
 */
export async function recordMetrics(deps: AppDeps, token: ApiTokenRow, input: MetricsReport, clientIp: string) {
  const { environment, counts, seen, seenAt } = metricsRecord(token, input);
  await deps.db.transaction(async (tx) => {
    await addHourlyCounts(tx, counts);
    await recordSeen(tx, seen, seenAt, environment);
    await upsertInstance(tx, { appName: input.appName, instanceId: input.instanceId, environment, clientIp });
  });
}
