import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { addonAttempts, addonDeliveries, events } from '../platform/db/schema.ts';
import type { AddonEvent } from './messages.ts';

/** A delivery a worker has leased: its addon, its event and how many attempts were made before. */
export interface ClaimedDelivery {
  id: number;
  addonId: number;
  eventId: number;
  attempts: number;
}

/**
 * Leases up to `limit` due deliveries for `leaseMs`: their next_attempt_at moves past the lease, so no other worker
 * (in this process or another on the same PostgreSQL) takes them meanwhile, and a worker that dies leaves them due
 * again once the lease runs out. Rows locked by a concurrent claim are skipped. Per addon only the oldest pending
 * delivery is due, so a receiver gets its events in order.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = (await db.execute(sql`
    update ${addonDeliveries} set next_attempt_at = now() + ${leaseMs}::integer * interval '1 millisecond'
    where id in (
      select d.id from ${addonDeliveries} d
      where d.status = 'pending' and d.next_attempt_at <= now()
        and not exists (
          select 1 from ${addonDeliveries} p where p.addon_id = d.addon_id and p.status = 'pending' and p.id < d.id
        )
      order by d.next_attempt_at, d.id
      limit ${limit}::integer
      for update skip locked
    )
    returning id, addon_id as "addonId", event_id as "eventId", attempts`)) as unknown as { rows: ClaimedDelivery[] };
  return result.rows;
}

/** How an attempt ended: the receiver's status, or the error when no answer came. */
export interface Outcome {
  statusCode: number | null;
  error: string | null;
  /** delivered, retried after `retryInMs`, or failed for good. */
  next: { state: 'delivered' } | { state: 'failed' } | { state: 'pending'; retryInMs: number };
}

/** Logs the attempt and moves the delivery on, in one transaction. */
export async function recordAttempt(db: Db, delivery: ClaimedDelivery, outcome: Outcome): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(addonAttempts).values({
      deliveryId: delivery.id,
      addonId: delivery.addonId,
      status: outcome.statusCode,
      error: outcome.error,
    });
    const { next } = outcome;
    await tx
      .update(addonDeliveries)
      .set({
        attempts: sql`${addonDeliveries.attempts} + 1`,
        status: next.state,
        ...(next.state === 'delivered' && { deliveredAt: sql`now()` }),
        ...(next.state === 'pending' && {
          nextAttemptAt: sql`now() + ${next.retryInMs}::integer * interval '1 millisecond'`,
        }),
      })
      .where(eq(addonDeliveries.id, delivery.id));
  });
}

/** The event as addons see it (Unleash 4's event fields). */
export async function findAddonEvent(db: Db, id: number): Promise<AddonEvent | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    type: row.type,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    data: row.data,
    preData: row.preData,
    tags: Array.isArray(row.tags) ? (row.tags as AddonEvent['tags']) : [],
    featureName: row.featureName,
    project: row.project,
    environment: row.environment,
  };
}
