import { and, desc, eq, gt, gte, inArray, isNotNull, lt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addonDeliveries, addons, events } from '../db/schema.ts';
import type { EventType } from './types.ts';

export interface NewEvent {
  type: EventType;
  createdBy: string;
  project?: string | null;
  environment?: string | null;
  featureName?: string | null;
  /** The state after the change. Never secrets or password hashes. */
  data?: unknown;
  /** The state before the change. Never secrets or password hashes. */
  preData?: unknown;
  /** A kind of record the change touches that other processes' revisions name (see Changed in revisions). */
  changes?: string;
}

/** An update's `data` and `preData`: the record after and before, shown by the same `view` so that they compare. */
export const beforeAndAfter = <Row>(view: (row: Row) => unknown, before: Row, after: Row) => ({
  data: view(after),
  preData: view(before),
});

/**
 * The PostgreSQL channel every change is announced on: other processes on the same database LISTEN to it and stop
 * serving what they read before (server/platform/revisions/). NOTIFY is delivered only when the transaction commits.
 */
export const CHANGES_CHANNEL = 'switchyard_changes';

/**
 * Appends an audit event and announces the change on CHANGES_CHANNEL. Call it with the transaction that makes the
 * change, so the change, its event and the announcement commit together or not at all.
 */
export async function appendEvent(tx: Db, event: NewEvent): Promise<void> {
  await appendEvents(tx, [event]);
}

/**
 * Appends events in one statement, in the given order (their ids follow it), as appendEvent does one: with them, in
 * the same statement, a delivery in the outbox for every enabled addon listening to an event's type.
 */
export async function appendEvents(tx: Db, list: readonly NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  const changes = [...new Set(list.flatMap((event) => event.changes ?? []))];
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${changes.join(',')})`);
  const rows = list.map((event) => ({
    type: event.type,
    created_by: event.createdBy,
    project: event.project ?? null,
    environment: event.environment ?? null,
    feature_name: event.featureName ?? null,
    data: event.data ?? null,
    pre_data: event.preData ?? null,
  }));
  const queued = (await tx.execute(sql`
    with event as (
      insert into ${events} (type, created_by, project, environment, feature_name, data, pre_data)
      select e.type, e.created_by, e.project, e.environment, e.feature_name, e.data, e.pre_data
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as given(value, n),
        jsonb_to_record(given.value) as e(type text, created_by text, project text, environment text,
          feature_name text, data jsonb, pre_data jsonb)
      order by given.n
      returning id, type
    )
    insert into ${addonDeliveries} (addon_id, event_id)
    select ${addons.id}, event.id from ${addons}, event
    where ${addons.enabled} and ${addons.events} @> jsonb_build_array(event.type)
    order by event.id, ${addons.id}
    returning id`)) as unknown as { rows: unknown[] };
  if (queued.rows.length > 0) outboxWrites += 1;
}

let outboxWrites = 0;

/** How many events this process has queued addon deliveries for; the delivery worker wakes when it grows. */
export const outboxWriteCount = () => outboxWrites;

export type EventRow = typeof events.$inferSelect;

/** Which events a page holds: all those matching every given field (see EventsQuery in contract/events.ts). */
export interface EventFilter {
  /** Only events older than this id (the previous page's last). */
  before?: number;
  type?: string;
  project?: string;
  featureName?: string;
  createdBy?: string;
  /** Inclusive bounds of the event's time. */
  from?: Date;
  to?: Date;
}

/** At most `limit` events matching the filter, newest first (keyset paging on the id, which only grows). */
export function listEvents(db: Db, filter: EventFilter, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        filter.before === undefined ? undefined : lt(events.id, filter.before),
        filter.type === undefined ? undefined : eq(events.type, filter.type),
        filter.project === undefined ? undefined : eq(events.project, filter.project),
        filter.featureName === undefined ? undefined : eq(events.featureName, filter.featureName),
        filter.createdBy === undefined ? undefined : eq(events.createdBy, filter.createdBy),
        filter.from === undefined ? undefined : gte(events.createdAt, filter.from),
        filter.to === undefined ? undefined : lte(events.createdAt, filter.to),
      ),
    )
    .orderBy(desc(events.id))
    .limit(limit);
}

export async function findEvent(db: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

/** The id of the newest audit event (0 when there is none): every change writes one in its transaction. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return row?.id ?? 0;
}

/** How long reading the revision waits for changes still being committed before it settles for the fallback. */
const REVISION_LOCK_TIMEOUT = '2s';

/** PostgreSQL's lock_not_available and deadlock_detected, on the error or (drizzle wraps it) its cause. */
function isLockWait(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  const code = codeOf(error) ?? codeOf((error as { cause?: unknown } | undefined)?.cause);
  return code === '55P03' || code === '40P01';
}

/**
 * The newest event id up to which every event has committed. Ids are taken at insert, so a lower one may commit
 * after a higher one: the table is locked in SHARE mode for the read, which waits for transactions that appended an
 * event and have not committed yet. If that takes too long, `fallback` (an older revision: only more is sent again).
 */
export async function committedRevision(db: Db, fallback: number): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${REVISION_LOCK_TIMEOUT}'`));
      await tx.execute(sql`lock table ${events} in share mode`);
      return latestEventId(tx);
    });
  } catch (error) {
    if (isLockWait(error)) return fallback;
    throw error;
  }
}

/** The type and toggle of each event newer than `since`, oldest first, at most `limit`. */
export const eventsAfter = (db: Db, since: number, limit: number) =>
  db
    .select({ type: events.type, featureName: events.featureName })
    .from(events)
    .where(gt(events.id, since))
    .orderBy(events.id)
    .limit(limit);

/** A subquery: the toggle names that events newer than `since` name (`name`). */
export const togglesNamedSince = (db: Db, since: number) =>
  db
    .select({ name: events.featureName })
    .from(events)
    .where(and(gt(events.id, since), isNotNull(events.featureName)));

/** A subquery: the projects that events of these types newer than `since` name (`project`). */
export const projectsNamedSince = (db: Db, since: number, types: EventType[]) =>
  db
    .select({ project: events.project })
    .from(events)
    .where(and(gt(events.id, since), inArray(events.type, types), isNotNull(events.project)));

/** A subquery for exists(): the events of these types newer than `since`. */
export const eventsSince = (db: Db, since: number, types: EventType[]) =>
  db
    .select({ one: sql`1` })
    .from(events)
    .where(and(gt(events.id, since), inArray(events.type, types)));

/** Events of these types with ids in (after, upTo], oldest first, at most `limit`. */
export const eventsBetween = (db: Db, after: number, upTo: number, types: readonly string[], limit: number) =>
  db
    .select()
    .from(events)
    .where(and(gt(events.id, after), lte(events.id, upTo), inArray(events.type, [...types])))
    .orderBy(events.id)
    .limit(limit);

/** Whether an event of these types is newer than `after`. */
export async function hasEventsAfter(db: Db, after: number, types: readonly string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(gt(events.id, after), inArray(events.type, [...types])))
    .limit(1);
  return row !== undefined;
}

/** Who wrote the first event of this type in the project whose data names the record `id` (`data.id`). */
export async function firstEventAuthor(db: Db, type: EventType, project: string, id: number) {
  const [row] = await db
    .select({ createdBy: events.createdBy })
    .from(events)
    .where(and(eq(events.type, type), eq(events.project, project), sql`${events.data}->>'id' = ${String(id)}`))
    .orderBy(events.id)
    .limit(1);
  return row?.createdBy;
}
