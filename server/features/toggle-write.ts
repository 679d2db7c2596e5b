import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { appendEvents } from '../platform/events/store.ts';
import type { EventType } from '../platform/events/types.ts';
import { preconditionFailed } from '../platform/http/errors.ts';
import { checkArchiveState, foundFeature, type RequireOptions } from './rules.ts';
import { features } from './schema.ts';
import { inNames, type FeatureRow } from './store.ts';

// The one rule for changing toggles, one or many at once, in the caller's transaction: their rows locked in name
// order (so concurrent changes queue up without deadlocking), If-Match where the caller has one, a new version
// (the ETag the console's conflict detection and the offline queue's If-Match compare) and an audit event each.

/**
 * Who changes a toggle, and on which condition. `ifMatch` is the version the caller based the change on (If-Match;
 * undefined for none or `*`); the change sets `version` to the toggle's new version (the ETag to answer with).
 */
export interface ToggleWrite {
  actor: string;
  ifMatch?: number;
  version?: number;
}

/**
 * Locks the rows of the named toggles, or of every toggle of a project, until the transaction ends: in one query, in
 * name order. Returns the rows of those that exist.
 */
export function lockToggles(tx: Db, which: { names: readonly string[] } | { project: string }): Promise<FeatureRow[]> {
  if ('names' in which && which.names.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(features)
    .where('names' in which ? inNames(features.name, which.names) : eq(features.project, which.project))
    .orderBy(asc(features.name))
    .for('update');
}

/** Gives the (locked) toggles their next version, in one UPDATE; returns their rows as bumped. */
function bumpVersions(tx: Db, names: readonly string[]): Promise<FeatureRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return tx
    .update(features)
    .set({ version: sql`${features.version} + 1` })
    .where(inNames(features.name, names))
    .returning();
}

/**
 * The rule for a change of one toggle, first in its transaction: locks the row, answers 412 when If-Match is not the
 * current version, checks the toggle as `options` asks (404, archived or not) and bumps the version (rolled back if
 * the change fails), setting `write.version` to it. Returns the row as bumped; the caller records the event.
 */
export async function lockForChange(
  tx: Db,
  name: string,
  write: ToggleWrite,
  options: RequireOptions = {},
): Promise<FeatureRow> {
  const [locked] = await lockToggles(tx, { names: [name] });
  const feature = foundFeature(locked, name, options);
  if (write.ifMatch !== undefined && write.ifMatch !== feature.version) {
    throw preconditionFailed(name, write.ifMatch, feature.version);
  }
  checkArchiveState(feature, options);
  const [row] = await bumpVersions(tx, [name]);
  write.version = row.version;
  return row;
}

/** What a change of many toggles records of one of them: its audit event. `created`: it did not exist before. */
export interface ToggleChange {
  feature: Pick<FeatureRow, 'name' | 'project'>;
  type: EventType;
  environment?: string;
  data?: unknown;
  preData?: unknown;
  created?: boolean;
}

/**
 * The rule for a change of many toggles (an environment added to or removed from them, an import), once made with
 * their rows locked (lockToggles): those that existed before get their next version in one UPDATE (a new one starts
 * at 1), and every changed toggle its event, all in one INSERT.
 */
export async function recordToggleChanges(tx: Db, actor: string, changes: readonly ToggleChange[]): Promise<void> {
  await bumpVersions(
    tx,
    changes.filter((change) => !change.created).map((change) => change.feature.name),
  );
  await appendEvents(
    tx,
    changes.map(({ feature, type, environment, data, preData }) => ({
      type,
      createdBy: actor,
      featureName: feature.name,
      project: feature.project,
      environment,
      data,
      preData,
    })),
  );
}
