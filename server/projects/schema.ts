import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, belongsToId, createdAt } from '../platform/db/columns.ts';
import { environments } from '../environments/schema.ts';
import { users } from '../users/schema.ts';

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
});

/**
 * The environments enabled in a project: a toggle gets its project's environments. Owned by projects, not
 * environments: it names both, and projects stand above environments (environments read no project). With each, its
 * change-request setting: while enabled, its toggles change only through approved change requests (the toggle rule,
 * features/toggle-write.ts, reads it; change-requests/ sets it).
 */
export const projectEnvironments = pgTable(
  'project_environments',
  {
    project: belongsTo('project', () => projects.id),
    environment: belongsTo('environment', () => environments.name),
    changeRequestsEnabled: boolean('change_requests_enabled').notNull().default(false),
    requiredApprovals: integer('required_approvals').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.project, t.environment] })],
);

/**
 * Project roles (Owner, Member: server/platform/access/roles.ts) held by users: one role per user and project. Owned
 * by projects, below project-access: both write it (a project's creator becomes its Owner), through projects/grants.ts.
 */
export const projectUsers = pgTable(
  'project_users',
  {
    project: belongsTo('project', () => projects.id),
    userId: belongsToId('user_id', () => users.id),
    roleId: integer('role_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.project, t.userId] }), index('project_users_user_id_idx').on(t.userId)],
);
