import type { Db } from '../../platform/db/client.ts';
import { requireFeature } from '../read-model.ts';
import { listFeatureTags } from './store.ts';

/** GET api/admin/features/{name}/tags (404 for an unknown toggle). */
export async function tagsOfToggle(db: Db, name: string) {
  await requireFeature(db, name);
  return listFeatureTags(db, name);
}
