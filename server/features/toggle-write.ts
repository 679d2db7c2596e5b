import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import type { EventType } from '../platform/events/types.ts';
import { preconditionFailed } from '../platform/http/errors.ts';
import { classicFeature } from './read-model.ts';
import { checkArchiveState, foundFeature, type RequireOptions } from './rules.ts';
import { bumpVersion, lockFeatureRow, type FeatureRow } from './store.ts';

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
 * The one rule for changing a toggle, first in every mutating call's transaction: locks its row (FOR UPDATE, so changes
 * queue up), answers 412 when If-Match is not the current version, and bumps the version (rolled back if the change
 * fails), setting `write.version` to it. Returns the row as bumped.
 */
export async function lockForChange(
  tx: Db,
  name: string,
  write: ToggleWrite,
  options: RequireOptions = {},
): Promise<FeatureRow> {
  const feature = foundFeature(await lockFeatureRow(tx, name), name, options);
  if (write.ifMatch !== undefined && write.ifMatch !== feature.version) {
    throw preconditionFailed(name, write.ifMatch, feature.version);
  }
  checkArchiveState(feature, options);
  const row = await bumpVersion(tx, name);
  write.version = row.version;
  return row;
}

/** The classic view of a toggle as events record it (without the version, which every change bumps). */
export async function eventView(tx: Db, feature: FeatureRow) {
  const { version: _version, ...view } = await classicFeature(tx, feature);
  return view;
}
export type EventView = Awaited<ReturnType<typeof eventView>>;

/** Appends a toggle event whose data and preData are the classic view of the toggle. */
export async function featureEvent(
  tx: Db,
  type: EventType,
  actor: string,
  after: FeatureRow | null,
  before?: EventView,
  environment?: string,
) {
  const data = after ? await eventView(tx, after) : null;
  await appendEvent(tx, {
    type,
    createdBy: actor,
    featureName: after?.name ?? before?.name,
    project: after?.project ?? before?.project,
    environment,
    data,
    preData: before,
  });
}
