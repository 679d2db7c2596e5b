import type { Db } from '../platform/db/client.ts';
import { checkArchiveState, foundFeature, type RequireOptions } from './rules.ts';
import { type FeatureFilter, type FeatureRow, findFeature, lastFeatureBefore, listFeatures } from './store.ts';

/** The toggle, or 404; with `project`, it must be in that project; with `live`, it must not be archived. */
export async function requireFeature(db: Db, name: string, options: RequireOptions = {}): Promise<FeatureRow> {
  const feature = foundFeature(await findFeature(db, name), name, options);
  checkArchiveState(feature, options);
  return feature;
}

/** The project a toggle belongs to (for permission checks); undefined when there is no such toggle. */
export async function projectOf(db: Db, name: string | undefined): Promise<string | undefined> {
  return name === undefined ? undefined : (await findFeature(db, name))?.project;
}

/** Toggles that are not archived, matching the filter, sorted by name (the first `limit` of them). */
export const liveFeatures = (db: Db, filter: Omit<FeatureFilter, 'archived'> = {}, limit?: number) =>
  listFeatures(db, { ...filter, archived: false }, limit);

/**
 * The name of the live toggle matching the filter that comes just before `name` in liveFeatures' order (the
 * database's collation, which JavaScript cannot compare with); undefined when none does.
 */
export const liveFeatureBefore = (db: Db, filter: Omit<FeatureFilter, 'archived'>, name: string) =>
  lastFeatureBefore(db, { ...filter, archived: false }, name);
