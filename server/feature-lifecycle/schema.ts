import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, timestampTz } from '../platform/db/columns.ts';
import { COMPLETION_STATUSES } from '../../contract/lifecycle.ts';
import { features } from '../features/schema.ts';
import { STORED_STAGES } from './rules.ts';

/**
 * The lifecycle stages a toggle entered that its row does not tell: pre-live and live (from what SDKs report) and
 * completed (set by a person, with its status). `initial` is the toggle's createdAt and `archived` its archivedAt.
 */
export const featureLifecycles = pgTable(
  'feature_lifecycles',
  {
    feature: belongsTo('feature', () => features.name),
    stage: text('stage', { enum: STORED_STAGES }).notNull(),
    enteredAt: timestampTz('entered_at').notNull().defaultNow(),
    /** Completed only: kept or discarded, and what was kept (a variant's name, say). */
    status: text('status', { enum: COMPLETION_STATUSES }),
    statusValue: text('status_value'),
  },
  (t) => [primaryKey({ columns: [t.feature, t.stage] })],
);
