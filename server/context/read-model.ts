import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { contextFields } from './schema.ts';

/** A row of the `context_fields` table, its legal values typed. */
export type ContextFieldRow = Omit<typeof contextFields.$inferSelect, 'legalValues'> & { legalValues: string[] };

/** Every context field, by sort order then name. */
export async function listContextFields(db: Db): Promise<ContextFieldRow[]> {
  const rows = await db.select().from(contextFields).orderBy(asc(contextFields.sortOrder), asc(contextFields.name));
  return rows as ContextFieldRow[];
}

export async function findContextField(db: Db, name: string): Promise<ContextFieldRow | undefined> {
  const [row] = await db.select().from(contextFields).where(eq(contextFields.name, name));
  return row as ContextFieldRow | undefined;
}
