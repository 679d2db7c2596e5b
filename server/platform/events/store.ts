import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema.ts';
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
  await tx.insert(events).values({
    type: event.type,
    createdBy: event.createdBy,
    project: event.project ?? null,
    environment: event.environment ?? null,
    featureName: event.featureName ?? null,
    data: event.data ?? null,
    preData: event.preData ?? null,
  });
}

export type EventRow = typeof events.$inferSelect;

/** Newest first; only the events of one toggle when featureName is given. */
export function listEvents(db: Db, featureName?: string, limit = 1000): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(featureName === undefined ? undefined : eq(events.featureName, featureName))
    .orderBy(desc(events.id))
    .limit(limit);
}
