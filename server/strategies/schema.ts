import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, jsonList } from '../platform/db/columns.ts';

/** Strategy definitions: the built-ins (seeded, read-only) and custom ones. */
export const strategies = pgTable('strategies', {
  name: text('name').primaryKey(),
  displayName: text('display_name'),
  description: text('description'),
  /** [{name, type, description, required}] */
  parameters: jsonList('parameters'),
  builtIn: boolean('built_in').notNull().default(false),
  deprecated: boolean('deprecated').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(9999),
  createdAt: createdAt(),
});
