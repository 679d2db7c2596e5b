import { sql } from 'drizzle-orm';
import { integer, jsonb, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A point in time with its time zone, read as a Date: the one way the tables keep times. */
export const timestampTz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The creation time most tables keep, set by the database. */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** A JSON list that a new row starts empty. */
export const jsonList = <TName extends string>(name: TName) =>
  jsonb(name)
    .notNull()
    .default(sql`'[]'::jsonb`);

/** A JSON object that a new row starts empty. */
export const jsonObject = <TName extends string>(name: TName) =>
  jsonb(name)
    .notNull()
    .default(sql`'{}'::jsonb`);

/** The text key of the row (a toggle, a project) that a row belongs to: required, and deleted with that row. */
export const belongsTo = <TName extends string>(name: TName, owner: () => AnyPgColumn) =>
  text(name).notNull().references(owner, { onDelete: 'cascade' });

/** The serial id of the row (a user, an addon) that a row belongs to: required, and deleted with that row. */
export const belongsToId = <TName extends string>(name: TName, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: 'cascade' });
