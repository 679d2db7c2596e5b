import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsToId, createdAt, jsonList, jsonObject, timestampTz } from './columns.ts';

// The tables platform code owns; each domain's own are in its schema.ts (drizzle.config.ts reads them all).

/**
 * Sign-in attempts per account (`user:<id>`, or `name:<login>` for an unknown name) and per client address: every
 * attempt is reserved here before its password is checked, and a success releases it. Reaching the limit locks the
 * key until `locked_until`; each lock is twice as long as the one before (`lockouts`), up to an hour.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    scope: text('scope', { enum: ['account', 'address'] }).notNull(),
    subject: text('subject').notNull(),
    attempts: integer('attempts').notNull(),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestampTz('locked_until'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] }), index('login_attempts_updated_idx').on(t.updatedAt)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    project: text('project'),
    environment: text('environment'),
    featureName: text('feature_name'),
    data: jsonb('data'),
    preData: jsonb('pre_data'),
    tags: jsonList('tags'),
  },
  (t) => [
    index('events_feature_name_idx').on(t.featureName),
    index('events_created_by_idx').on(t.createdBy),
    index('events_type_idx').on(t.type),
    index('events_project_idx').on(t.project),
  ],
);

/**
 * Configured addons: a provider (webhook, slack, teams, datadog), its parameters and the event types it listens to.
 * With addon_deliveries and addon_attempts, owned by platform/events rather than the addons domain: appendEvent
 * queues an event's deliveries in the event's own statement (none lost, none for a rolled-back change), so it needs
 * these tables, and platform imports no domain. The addons domain uses them through platform/events/outbox.ts.
 */
export const addons = pgTable('addons', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  parameters: jsonObject('parameters'),
  events: jsonList('events'),
  createdAt: createdAt(),
});

/**
 * The addons' outbox: one row per event an enabled addon listens to, written in the event's transaction, sent by the
 * delivery worker until it is `delivered` or gives up (`failed`). `next_attempt_at` is both the backoff and the lease
 * a worker takes before it sends, so several processes never send one row at once.
 */
export const addonDeliveries = pgTable(
  'addon_deliveries',
  {
    id: serial('id').primaryKey(),
    addonId: belongsToId('addon_id', () => addons.id),
    eventId: belongsToId('event_id', () => events.id),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    deliveredAt: timestampTz('delivered_at'),
  },
  (t) => [
    uniqueIndex('addon_deliveries_addon_event_idx').on(t.addonId, t.eventId),
    index('addon_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Each attempt to deliver: the answer's status or the error, shown as the addon's delivery log. */
export const addonAttempts = pgTable(
  'addon_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: belongsToId('delivery_id', () => addonDeliveries.id),
    addonId: belongsToId('addon_id', () => addons.id),
    at: timestampTz('at').notNull().defaultNow(),
    status: integer('status'),
    error: text('error'),
  },
  (t) => [index('addon_attempts_addon_idx').on(t.addonId, t.id)],
);

/**
 * Named settings, one JSON document each, of several domains (the instance id, the frontend API's origins, single
 * sign-on): owned by platform (platform/db/settings.ts), each domain reading and writing only its own names.
 */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  content: jsonb('content').notNull(),
});

/**
 * Answers to mutating calls sent with an Idempotency-Key, per caller: a repeat gets the stored answer and changes
 * nothing. `status` is null while the first request is still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    /** SHA-256 of the body as canonical JSON: the key with another body is a 422 (null: stored before it was kept). */
    bodyHash: text('body_hash'),
    status: integer('status'),
    headers: jsonb('headers'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.principal, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
