import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { environments } from '../environments/schema.ts';
import { features } from '../features/schema.ts';
import { belongsTo, createdAt, timestampTz } from '../platform/db/columns.ts';

/**
 * Triggers: a secret URL that turns a toggle on or off in one environment. Only the SHA-256 of the secret is kept.
 * `windowStartedAt` and `windowFires` count the calls of the current minute (the rate limit every process shares);
 * `lastFiredAt` and `fireCount` the calls that went through. Deleted with their toggle or environment.
 */
export const featureTriggers = pgTable(
  'feature_triggers',
  {
    id: serial('id').primaryKey(),
    feature: belongsTo('feature', () => features.name),
    environment: belongsTo('environment', () => environments.name),
    action: text('action', { enum: ['on', 'off'] }).notNull(),
    description: text('description').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastFiredAt: timestampTz('last_fired_at'),
    fireCount: integer('fire_count').notNull().default(0),
    windowStartedAt: timestampTz('window_started_at'),
    windowFires: integer('window_fires').notNull().default(0),
  },
  (t) => [
    uniqueIndex('feature_triggers_secret_hash_idx').on(t.secretHash),
    index('feature_triggers_feature_idx').on(t.feature),
  ],
);
