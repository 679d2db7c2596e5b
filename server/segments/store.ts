import { eq } from 'drizzle-orm';
import type { Constraint } from '../../contract/constraints.ts';
import type { Db } from '../platform/db/client.ts';
import type { SegmentRow } from './read-model.ts';
import { segments } from './schema.ts';

export interface SegmentData {
  name: string;
  description: string | null;
  project: string | null;
  constraints: Constraint[];
}

/** Undefined when the name is taken. */
export async function insertSegment(db: Db, data: SegmentData & { createdBy: string }) {
  const [row] = await db.insert(segments).values(data).onConflictDoNothing({ target: segments.name }).returning();
  return row as SegmentRow | undefined;
}

/** Undefined when the new name is another segment's. */
export async function updateSegment(db: Db, id: number, data: SegmentData) {
  const [taken] = await db.select({ id: segments.id }).from(segments).where(eq(segments.name, data.name));
  if (taken && taken.id !== id) return undefined;
  const [row] = await db.update(segments).set(data).where(eq(segments.id, id)).returning();
  return row as SegmentRow;
}

export async function deleteSegment(db: Db, id: number): Promise<void> {
  await db.delete(segments).where(eq(segments.id, id));
}

/** The segment locked for a change (FOR UPDATE), or undefined. */
export async function lockSegment(db: Db, id: number): Promise<SegmentRow | undefined> {
  const [row] = await db.select().from(segments).where(eq(segments.id, id)).for('update');
  return row as SegmentRow | undefined;
}
