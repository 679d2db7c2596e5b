import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, jsonList } from '../platform/db/columns.ts';
import { projects } from '../projects/schema.ts';

/** Segments: named lists of constraints that strategies share (global when project is null). */
export const segments = pgTable('segments', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  project: text('project').references(() => projects.id, { onDelete: 'cascade' }),
  constraints: jsonList('constraints'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});
