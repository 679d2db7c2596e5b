import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tag } from '../../../contract/tags.ts';
import type { Db } from '../../platform/db/client.ts';
import { featureTags } from '../schema.ts';

// The tags of a toggle (feature_tags); the tags themselves are the tags domain's.

/** The toggle's tags, by type and value. */
export async function listFeatureTags(db: Db, feature: string): Promise<Tag[]> {
  return db
    .select({ type: featureTags.tagType, value: featureTags.tagValue })
    .from(featureTags)
    .where(eq(featureTags.feature, feature))
    .orderBy(asc(featureTags.tagType), asc(featureTags.tagValue));
}

/** True when the tag was added (false when the toggle already had it). */
export async function insertFeatureTag(db: Db, feature: string, tag: Tag): Promise<boolean> {
  const rows = await db
    .insert(featureTags)
    .values({ feature, tagType: tag.type, tagValue: tag.value })
    .onConflictDoNothing()
    .returning({ feature: featureTags.feature });
  return rows.length > 0;
}

export async function deleteFeatureTag(db: Db, feature: string, tag: Tag): Promise<boolean> {
  const rows = await db
    .delete(featureTags)
    .where(
      and(eq(featureTags.feature, feature), eq(featureTags.tagType, tag.type), eq(featureTags.tagValue, tag.value)),
    )
    .returning({ feature: featureTags.feature });
  return rows.length > 0;
}

/** A tag of a toggle, as a change of many toggles' tags reports it. */
export interface FeatureTag {
  feature: string;
  tag: Tag;
}

const tagArrays = (tags: readonly Tag[]) => ({
  types: sql.param(tags.map((tag) => tag.type)),
  values: sql.param(tags.map((tag) => tag.value)),
});

type FeatureTagRows = { rows: Array<{ feature: string; tag_type: string; tag_value: string }> };

const featureTagsOf = (result: unknown): FeatureTag[] =>
  (result as FeatureTagRows).rows.map((row) => ({
    feature: row.feature,
    tag: { type: row.tag_type, value: row.tag_value },
  }));

/** Gives every named toggle every tag it does not have yet, in one statement; returns those added. */
export async function addTagsToFeatures(db: Db, names: readonly string[], tags: readonly Tag[]): Promise<FeatureTag[]> {
  if (names.length === 0 || tags.length === 0) return [];
  const { types, values } = tagArrays(tags);
  return featureTagsOf(
    await db.execute(sql`
      insert into ${featureTags} (feature, tag_type, tag_value)
      select f.name, t.type, t.value
      from unnest(${sql.param([...names])}::text[]) as f(name), unnest(${types}::text[], ${values}::text[]) as t(type, value)
      order by f.name, t.type, t.value
      on conflict do nothing
      returning feature, tag_type, tag_value`),
  );
}

/** Removes the tags from every named toggle that has them, in one statement; returns those removed. */
export async function removeTagsFromFeatures(
  db: Db,
  names: readonly string[],
  tags: readonly Tag[],
): Promise<FeatureTag[]> {
  if (names.length === 0 || tags.length === 0) return [];
  const { types, values } = tagArrays(tags);
  return featureTagsOf(
    await db.execute(sql`
      delete from ${featureTags} using unnest(${types}::text[], ${values}::text[]) as t(type, value)
      where feature = any(${sql.param([...names])}::text[]) and tag_type = t.type and tag_value = t.value
      returning feature, tag_type, tag_value`),
  );
}
