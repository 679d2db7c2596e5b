import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time most tables keep, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
