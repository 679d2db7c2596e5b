import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { contextFields } from '../platform/db/schema.ts';

/** A row of the `context_fields` table, its legal values typed. */
export type ContextFieldRow = Omit<typeof contextFields.$inferSelect, 'legalValues'> & { legalValues: string[] };

export interface ContextFieldData {
  name: string;
  description: string | null;
  legalValues: string[];
  stickiness: boolean;
  sortOrder?: number;
}

/** Every context field, by sort order then name. */
export async function listContextFields(db: Db): Promise<ContextFieldRow[]> {
  const rows = await db.select().from(contextFields).orderBy(asc(contextFields.sortOrder), asc(contextFields.name));
  return rows as ContextFieldRow[];
}

export async function findContextField(db: Db, name: string): Promise<ContextFieldRow | undefined> {
  const [row] = await db.select().from(contextFields).where(eq(contextFields.name, name));
  return row as ContextFieldRow | undefined;
}

/** Undefined when the name is taken. */
export async function insertContextField(db: Db, data: ContextFieldData): Promise<ContextFieldRow | undefined> {
  const [row] = await db.insert(contextFields).values(data).onConflictDoNothing().returning();
  return row as ContextFieldRow | undefined;
}

export async function updateContextField(
  db: Db,
  name: string,
  change: Omit<ContextFieldData, 'name'>,
): Promise<ContextFieldRow> {
  const [row] = await db.update(contextFields).set(change).where(eq(contextFields.name, name)).returning();
  return row as ContextFieldRow;
}

export async function deleteContextField(db: Db, name: string): Promise<void> {
  await db.delete(contextFields).where(eq(contextFields.name, name));
}
