import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, jsonList } from '../platform/db/columns.ts';

/** Context fields: sources for constraints and stickiness. */
export const contextFields = pgTable('context_fields', {
  name: text('name').primaryKey(),
  description: text('description'),
  legalValues: jsonList('legal_values'),
  stickiness: boolean('stickiness').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(10),
  createdAt: createdAt(),
});
