import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name'),
  username: text('username').unique(),
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  rootRole: integer('root_role').notNull(),
  loginAttempts: integer('login_attempts').notNull().default(0),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const apiTokens = pgTable('api_tokens', {
  secret: text('secret').primaryKey(),
  username: text('username').notNull(),
  type: text('type', { enum: ['admin', 'client'] }).notNull(),
  project: text('project').notNull(),
  environment: text('environment').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

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
    tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index('events_feature_name_idx').on(t.featureName)],
);

export const userFeedback = pgTable(
  'user_feedback',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedbackId: text('feedback_id').notNull(),
    given: timestamp('given', { withTimezone: true, mode: 'date' }),
    neverShow: boolean('never_show').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feedbackId] })],
);

export const userSplash = pgTable(
  'user_splash',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    splashId: text('splash_id').notNull(),
    seen: boolean('seen').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.splashId] })],
);

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
});

export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  content: jsonb('content').notNull(),
});
