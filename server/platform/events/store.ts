import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
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
}

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
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, '')`);
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  // The event and its outbox rows (one per enabled addon listening to its type) in one statement.
  const queued = (await tx.execute(sql`
    with event as (
      insert into ${events} (type, created_by, project, environment, feature_name, data, pre_data)
      values (${event.type}, ${event.createdBy}, ${event.project ?? null}, ${event.environment ?? null},
        ${event.featureName ?? null}, ${json(event.data)}::jsonb, ${json(event.preData)}::jsonb)
      returning id, type
    )
    insert into ${addonDeliveries} (addon_id, event_id)
    select ${addons.id}, event.id from ${addons}, event
    where ${addons.enabled} and ${addons.events} @> jsonb_build_array(event.type)
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
