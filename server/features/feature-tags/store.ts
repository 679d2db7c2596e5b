import { and, asc, eq } from 'drizzle-orm';
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
