import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AddonAttempt } from '../../../contract/addons.ts';
import { DELIVERY_LOG_SIZE } from '../../../contract/addons.ts';
import type { Db } from '../db/client.ts';
import { addonAttempts, addonDeliveries, addons, events } from '../db/schema.ts';

// The addons' configuration and outbox (see the tables in ../db/schema.ts): appendEvent queues their deliveries, the
// addons domain (server/addons/) configures them and runs the delivery worker through these.

/** A row of the `addons` table, its JSON columns typed. */
export type AddonRow = Omit<typeof addons.$inferSelect, 'parameters' | 'events'> & {
  parameters: Record<string, string>;
  events: string[];
};

/** Every configured addon, oldest first. */
export async function listAddons(db: Db): Promise<AddonRow[]> {
  return (await db.select().from(addons).orderBy(asc(addons.id))) as AddonRow[];
}

export async function findAddon(db: Db, id: number): Promise<AddonRow | undefined> {
  const [row] = await db.select().from(addons).where(eq(addons.id, id));
  return row as AddonRow | undefined;
}

/** The addon's last attempts, newest first, each with its event and where its delivery stands now. */
export async function listAttempts(db: Db, addonId: number): Promise<AddonAttempt[]> {
  const rows = await db
    .select({
      id: addonAttempts.id,
      deliveryId: addonAttempts.deliveryId,
      at: addonAttempts.at,
      eventId: events.id,
      eventType: events.type,
      featureName: events.featureName,
      statusCode: addonAttempts.status,
      error: addonAttempts.error,
      attempt: sql<number>`(select count(*) from ${addonAttempts} earlier
        where earlier.delivery_id = ${addonAttempts.deliveryId} and earlier.id <= ${addonAttempts.id})::integer`,
      state: addonDeliveries.status,
    })
    .from(addonAttempts)
    .innerJoin(addonDeliveries, eq(addonDeliveries.id, addonAttempts.deliveryId))
    .innerJoin(events, eq(events.id, addonDeliveries.eventId))
    .where(eq(addonAttempts.addonId, addonId))
    .orderBy(desc(addonAttempts.id))
    .limit(DELIVERY_LOG_SIZE);
  return rows;
}

export interface AddonData {
  provider: string;
  description: string;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
}

export async function insertAddon(db: Db, data: AddonData): Promise<AddonRow> {
  const [row] = await db.insert(addons).values(data).returning();
  return row as AddonRow;
}

export async function updateAddon(db: Db, id: number, data: AddonData): Promise<AddonRow> {
  const [row] = await db.update(addons).set(data).where(eq(addons.id, id)).returning();
  return row as AddonRow;
}

/** Its deliveries and their attempts go with it (ON DELETE CASCADE). */
export async function deleteAddon(db: Db, id: number): Promise<void> {
  await db.delete(addons).where(eq(addons.id, id));
}

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
