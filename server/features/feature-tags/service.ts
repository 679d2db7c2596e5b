import type { Tag } from '../../../contract/tags.ts';
import type { AppDeps } from '../../deps.ts';
import { appendEvent } from '../../platform/events/store.ts';
import { ApiError, notFound, validationError } from '../../platform/http/errors.ts';
import { checkTag, ensureTags } from '../../tags/index.ts';
import {
  type BulkCall,
  lockForChange,
  lockManyForChange,
  recordToggleChanges,
  type ToggleChange,
  type ToggleWrite,
} from '../toggle-write.ts';
import { groupBy } from '../views.ts';
import { addTagsToFeatures, deleteFeatureTag, insertFeatureTag, removeTagsFromFeatures } from './store.ts';

/** Tags a toggle, creating the tag if it does not exist yet. */
export async function addFeatureTag(deps: AppDeps, write: ToggleWrite, name: string, tag: Tag): Promise<Tag> {
  await checkTag(deps.db, tag);
  return deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    await ensureTags(tx, write.actor, [tag]);
    if (!(await insertFeatureTag(tx, name, tag))) {
      const message = `${name} already had the tag: [${tag.type}:${tag.value}]`;
      throw new ApiError(409, 'FeatureHasTagError', message, undefined, { isJoi: true });
    }
    await appendEvent(tx, {
      type: 'feature-tagged',
      createdBy: write.actor,
      featureName: name,
      project: feature.project,
      data: { featureName: name, tag },
    });
    return tag;
  });
}

export async function removeFeatureTag(deps: AppDeps, write: ToggleWrite, name: string, tag: Tag): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const feature = await lockForChange(tx, name, write, { live: true });
    if (!(await deleteFeatureTag(tx, name, tag))) {
      throw notFound(`The feature toggle ${name} does not have the tag ${tag.type}:${tag.value}`);
    }
    await appendEvent(tx, {
      type: 'feature-untagged',
      createdBy: write.actor,
      featureName: name,
      project: feature.project,
      data: null,
      preData: { featureName: name, tag },
    });
  });
}

const tagKey = (tag: Tag) => `${tag.type}:${tag.value}`;

/**
 * PUT api/admin/projects/{p}/tags: adds and removes tags of many toggles at once, all or none (lockManyForChange),
 * creating the tags added that do not exist yet. Each tag a toggle gains or loses is a feature-tagged or
 * feature-untagged event (as one toggle's tag calls record), and each toggle changed gets a new version.
 */
export async function updateTagsInBulk(
  deps: AppDeps,
  write: ToggleWrite,
  call: BulkCall,
  tags: { addedTags: Tag[]; removedTags: Tag[] },
) {
  const removed = new Set(tags.removedTags.map(tagKey));
  tags.addedTags.forEach((tag, i) => {
    if (removed.has(tagKey(tag))) {
      throw validationError(['tags', 'addedTags', i], `The tag ${tagKey(tag)} is both added and removed`, tag);
    }
  });
  const distinct = new Map([...tags.addedTags, ...tags.removedTags].map((tag) => [tagKey(tag), tag]));
  for (const tag of distinct.values()) await checkTag(deps.db, tag);
  await deps.db.transaction(async (tx) => {
    const rows = await lockManyForChange(tx, write, call, { live: true });
    const names = rows.map((row) => row.name);
    await ensureTags(tx, write.actor, tags.addedTags);
    const added = groupBy(await addTagsToFeatures(tx, names, tags.addedTags), (change) => change.feature);
    const gone = groupBy(await removeTagsFromFeatures(tx, names, tags.removedTags), (change) => change.feature);
    const changes = rows.flatMap((feature): ToggleChange[] => [
      ...(added.get(feature.name) ?? []).map(({ tag }) => ({
        feature,
        type: 'feature-tagged' as const,
        data: { featureName: feature.name, tag },
      })),
      ...(gone.get(feature.name) ?? []).map(({ tag }) => ({
        feature,
        type: 'feature-untagged' as const,
        data: null,
        preData: { featureName: feature.name, tag },
      })),
    ]);
    await recordToggleChanges(tx, write, changes);
  });
}
