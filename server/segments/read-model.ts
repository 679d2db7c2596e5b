import { asc, eq, inArray } from 'drizzle-orm';
import type { Constraint } from '../../contract/constraints.ts';
import type { Db } from '../platform/db/client.ts';
import { segments } from './schema.ts';

/** A row of the `segments` table, its constraints typed. */
export type SegmentRow = Omit<typeof segments.$inferSelect, 'constraints'> & { constraints: Constraint[] };

/** Every segment, by id. */
export async function listSegments(db: Db): Promise<SegmentRow[]> {
  return (await db.select().from(segments).orderBy(asc(segments.id))) as SegmentRow[];
}

/** The segments of those ids that exist (any order). */
export async function segmentsByIds(db: Db, ids: readonly number[]): Promise<SegmentRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .select()
    .from(segments)
    .where(inArray(segments.id, [...ids]))) as SegmentRow[];
}

/** The segment of that id, or undefined. */
export async function findSegment(db: Db, id: number): Promise<SegmentRow | undefined> {
  const [row] = await db.select().from(segments).where(eq(segments.id, id));
  return row as SegmentRow | undefined;
}

/** The segment of that name, or undefined. */
export async function findSegmentByName(db: Db, name: string): Promise<SegmentRow | undefined> {
  const [row] = await db.select().from(segments).where(eq(segments.name, name));
  return row as SegmentRow | undefined;
}
