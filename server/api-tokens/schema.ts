import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../platform/db/columns.ts';

export const apiTokens = pgTable('api_tokens', {
  secret: text('secret').primaryKey(),
  username: text('username').notNull(),
  type: text('type', { enum: ['admin', 'client', 'frontend'] }).notNull(),
  project: text('project').notNull(),
  environment: text('environment').notNull(),
  expiresAt: timestampTz('expires_at'),
  createdAt: createdAt(),
});
