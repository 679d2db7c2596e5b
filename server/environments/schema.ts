import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../platform/db/columns.ts';

export const environments = pgTable('environments', {
  name: text('name').primaryKey(),
  type: text('type').notNull(),
  sortOrder: integer('sort_order').notNull().default(9999),
  enabled: boolean('enabled').notNull().default(true),
  protected: boolean('protected').notNull().default(false),
  createdAt: createdAt(),
});
