import { desc, eq } from 'drizzle-orm';
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

/** Appends an audit event. Call it with the transaction that makes the change, so both commit or neither does. */
export async function appendEvent(tx: Db, event: NewEvent): Promise<void> {
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
