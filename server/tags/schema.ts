import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../platform/db/columns.ts';

export const tagTypes = pgTable('tag_types', {
  name: text('name').primaryKey(),
  description: text('description'),
  icon: text('icon'),
  createdAt: createdAt(),
});

export const tags = pgTable(
  'tags',
  {
    type: text('type')
      .notNull()
      .references(() => tagTypes.name, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.type, t.value] })],
);
