import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PushMessage } from '../../contract/push.ts';
import { belongsToId, createdAt, timestampTz } from '../platform/db/columns.ts';
import { users } from '../users/schema.ts';

/**
 * The devices that take Web Push notifications: one row per push-service endpoint, owned by the user who registered
 * it last (a device signed in by someone else moves to them). The keys encrypt each message for that device only.
 */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  userId: belongsToId('user_id', () => users.id),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
});

/**
 * The push outbox: one row per audit event and subscription it notifies, made in the background from the audit log,
 * sent until `delivered` or given up (`failed`). `next_attempt_at` is both the backoff and the lease a worker takes
 * before it sends, so several processes never send one row at once. Goes with its subscription.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: belongsToId('subscription_id', () => pushSubscriptions.id),
    eventId: integer('event_id').notNull(),
    message: jsonb('message').$type<PushMessage>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_deliveries_subscription_event_idx').on(t.subscriptionId, t.eventId),
    index('push_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
