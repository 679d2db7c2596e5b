import type { Tag } from '../../../contract/tags.ts';
import type { AppDeps } from '../../deps.ts';
import { appendEvent } from '../../platform/events/store.ts';
import { ApiError, notFound } from '../../platform/http/errors.ts';
import { checkTag, ensureTags } from '../../tags/index.ts';
import { lockForChange, type ToggleWrite } from '../toggle-write.ts';
import { deleteFeatureTag, insertFeatureTag } from './store.ts';

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
