import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushMessage } from '../../contract/push.ts';
import type { Db } from '../platform/db/client.ts';
import { pushDeliveries, pushSubscriptions } from './schema.ts';

// The push domain's private SQL: the devices' subscriptions and the push outbox.

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Registers the endpoint for the user (a device registered before moves to them, with its new keys). */
export async function upsertSubscription(
  db: Db,
  row: Pick<PushSubscriptionRow, 'userId' | 'endpoint' | 'p256dh' | 'auth'>,
): Promise<{ row: PushSubscriptionRow; before: PushSubscriptionRow | undefined }> {
  const [before] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, row.endpoint))
    .for('update');
  const [after] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth },
    })
    .returning();
  return { row: after, before };
}

/** Forgets the user's subscription of that endpoint (and its deliveries); the row removed, if there was one. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string) {
  const [row] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning();
  return row;
}

/** Forgets a subscription the push service no longer knows (404 or 410); the row removed, if it was still there. */
export async function deleteSubscriptionById(db: Db, id: number) {
  const [row] = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).returning();
  return row;
}

/** The users that have at least one device subscribed. */
export async function subscribedUserIds(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions);
  return rows.map((row) => row.userId);
}

/** Queues the message for every device of these users (once per event and device, however often it is asked). */
export async function queueDeliveries(db: Db, eventId: number, userIds: readonly number[], message: PushMessage) {
  if (userIds.length === 0) return 0;
  const rows = await db.execute(sql`
    insert into ${pushDeliveries} (subscription_id, event_id, message)
    select ${pushSubscriptions.id}, ${eventId}::integer, ${JSON.stringify(message)}::jsonb from ${pushSubscriptions}
    where ${inArray(pushSubscriptions.userId, [...userIds])}
    on conflict do nothing
    returning id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/** A delivery a worker has leased, with its device's endpoint and keys. */
export interface ClaimedPush {
  id: number;
  subscriptionId: number;
  eventId: number;
  message: PushMessage;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Leases up to `limit` due deliveries for `leaseMs`, as the addons' outbox does: next_attempt_at moves past the lease,
 * so no other worker (in this process or another on the same PostgreSQL) takes them meanwhile, and a worker that dies
 * leaves them due again once the lease runs out. Rows locked by a concurrent claim are skipped.
 */
export async function claimDuePushes(db: Db, limit: number, leaseMs: number): Promise<ClaimedPush[]> {
  const result = (await db.execute(sql`
    with claimed as (
      update ${pushDeliveries} set next_attempt_at = now() + ${leaseMs}::integer * interval '1 millisecond'
      where id in (
        select id from ${pushDeliveries}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${limit}::integer
        for update skip locked
      )
      returning id, subscription_id, event_id, message, attempts
    )
    select claimed.id, claimed.subscription_id as "subscriptionId", claimed.event_id as "eventId", claimed.message,
      claimed.attempts, s.endpoint, s.p256dh, s.auth
    from claimed join ${pushSubscriptions} s on s.id = claimed.subscription_id
    order by claimed.id`)) as unknown as { rows: ClaimedPush[] };
  return result.rows;
}

/** How an attempt ended: delivered, retried after `retryInMs`, or failed for good; with the push service's status. */
export type PushOutcome = { status: number | null } & (
  { state: 'delivered' } | { state: 'failed' } | { state: 'pending'; retryInMs: number }
);

export async function recordPushAttempt(db: Db, id: number, outcome: PushOutcome): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({
      attempts: sql`${pushDeliveries.attempts} + 1`,
      status: outcome.state,
      lastStatus: outcome.status,
      ...(outcome.state === 'pending' && {
        nextAttemptAt: sql`now() + ${outcome.retryInMs}::integer * interval '1 millisecond'`,
      }),
    })
    .where(eq(pushDeliveries.id, id));
}
