import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { environments } from '../environments/schema.ts';
import { features } from '../features/schema.ts';
import { belongsTo, belongsToId, createdAt, timestampTz } from '../platform/db/columns.ts';
import { projects } from '../projects/schema.ts';
import { users } from '../users/schema.ts';

/**
 * Change requests: changes of toggles in one environment of a project, applied together once enough other people
 * approved. A person has at most one Draft per project environment (the index), which each requested change joins.
 * `conflict`: the toggle whose version moved since its change was added, as an attempt to apply found it. `version`
 * moves with every change of what is decided (a change added, a transition, the scheduler's work; not a comment): the
 * ETag an approval given offline is checked against.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    project: belongsTo('project', () => projects.id),
    environment: belongsTo('environment', () => environments.name),
    state: text('state').notNull().default('Draft'),
    createdById: belongsToId('created_by_id', () => users.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    scheduledAt: timestampTz('scheduled_at'),
    conflict: jsonb('conflict'),
    version: integer('version').notNull().default(1),
    /** The end of a scheduled window: the reverse (`revert`, derived when the changes were applied) is applied then. */
    revertAt: timestampTz('revert_at'),
    revert: jsonb('revert'),
    revertedAt: timestampTz('reverted_at'),
    /** When the scheduler acts on the request next (applies it, or its reverse); moved on by its lease. */
    dueAt: timestampTz('due_at'),
    /** Why the scheduled apply (or the reverse) failed, and when. */
    scheduleFailure: jsonb('schedule_failure'),
  },
  (t) => [
    uniqueIndex('change_requests_one_draft_idx')
      .on(t.project, t.environment, t.createdById)
      .where(sql`${t.state} = 'Draft'`),
    index('change_requests_project_state_idx').on(t.project, t.state),
    index('change_requests_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);

/** The changes of a request, in the order they were added, each with the toggle's version when it was added. */
export const changeRequestChanges = pgTable(
  'change_request_changes',
  {
    id: serial('id').primaryKey(),
    changeRequestId: belongsToId('change_request_id', () => changeRequests.id),
    feature: belongsTo('feature', () => features.name),
    action: text('action').notNull(),
    payload: jsonb('payload').notNull(),
    featureVersion: integer('feature_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('change_request_changes_request_idx').on(t.changeRequestId)],
);

/** Who approved a request: one row per person. */
export const changeRequestApprovals = pgTable(
  'change_request_approvals',
  {
    changeRequestId: belongsToId('change_request_id', () => changeRequests.id),
    userId: belongsToId('user_id', () => users.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.changeRequestId, t.userId] })],
);

export const changeRequestComments = pgTable(
  'change_request_comments',
  {
    id: serial('id').primaryKey(),
    changeRequestId: belongsToId('change_request_id', () => changeRequests.id),
    text: text('text').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('change_request_comments_request_idx').on(t.changeRequestId)],
);
