import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Tag } from '../../contract/tags.ts';
import { tags, tagTypes } from './schema.ts';

export type TagTypeRow = typeof tagTypes.$inferSelect;

export function listTagTypes(db: Db): Promise<TagTypeRow[]> {
  return db.select().from(tagTypes).orderBy(asc(tagTypes.name));
}

export async function findTagType(db: Db, name: string): Promise<TagTypeRow | undefined> {
  const [row] = await db.select().from(tagTypes).where(eq(tagTypes.name, name));
  return row;
}

/** Undefined when the name is taken. */
export async function insertTagType(db: Db, t: { name: string; description: string | null; icon: string | null }) {
  const [row] = await db.insert(tagTypes).values(t).onConflictDoNothing().returning();
  return row as TagTypeRow | undefined;
}

export async function updateTagType(db: Db, name: string, change: { description: string | null; icon: string | null }) {
  const [row] = await db.update(tagTypes).set(change).where(eq(tagTypes.name, name)).returning();
  return row as TagTypeRow | undefined;
}

export async function deleteTagType(db: Db, name: string) {
  const [row] = await db.delete(tagTypes).where(eq(tagTypes.name, name)).returning();
  return row as TagTypeRow | undefined;
}

export async function listTags(db: Db, type?: string): Promise<Tag[]> {
  return db
    .select({ type: tags.type, value: tags.value })
    .from(tags)
    .where(type === undefined ? undefined : eq(tags.type, type))
    .orderBy(asc(tags.type), asc(tags.value));
}

/** True when the tag was created (false when it existed). */
export async function insertTag(db: Db, tag: Tag): Promise<boolean> {
  const rows = await db.insert(tags).values(tag).onConflictDoNothing().returning({ type: tags.type });
  return rows.length > 0;
}

/** Inserts the tags that do not exist yet, in one statement (one JSON parameter); returns those it created. */
export async function insertTags(db: Db, list: readonly Tag[]): Promise<Tag[]> {
  if (list.length === 0) return [];
  const created = (await db.execute(sql`
    insert into ${tags} (type, value)
    select type, value from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as given(type text, value text)
    on conflict do nothing
    returning type, value`)) as unknown as { rows: Tag[] };
  return created.rows;
}

export async function deleteTag(db: Db, tag: Tag): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.type, tag.type), eq(tags.value, tag.value)))
    .returning({ type: tags.type });
  return rows.length > 0;
}
