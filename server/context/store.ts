import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { contextFields } from './schema.ts';
import type { ContextFieldRow } from './read-model.ts';

export interface ContextFieldData {
  name: string;
  description: string | null;
  legalValues: string[];
  stickiness: boolean;
  sortOrder?: number;
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
