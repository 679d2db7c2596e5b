import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt } from '../platform/db/columns.ts';

export const tagTypes = pgTable('tag_types', {
  name: text('name').primaryKey(),
  description: text('description'),
  icon: text('icon'),
  createdAt: createdAt(),
});

export const tags = pgTable(
  'tags',
  {
    type: belongsTo('type', () => tagTypes.name),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.type, t.value] })],
);
