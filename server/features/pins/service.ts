import type { AppDeps } from '../../deps.ts';
import { appendEvent } from '../../platform/events/store.ts';
import { foundFeature } from '../rules.ts';
import { shareFeatureRow } from '../store.ts';
import { setPinned } from './store.ts';

/** Who pins: the signed-in user (API tokens cannot pin) and the name audit events record. */
export interface Pinner {
  userId: number;
  actor: string;
}

/**
 * Pins (favorite) or unpins a toggle of a project for the signed-in user: 404 for a toggle that is not in that
 * project. Idempotent: a repeat changes nothing and writes no event. A pin is not a change of the toggle: its
 * version stays, and the toggle is kept from being deleted meanwhile (its row is shared, not locked).
 */
export async function setFavorite(
  deps: AppDeps,
  pinner: Pinner,
  project: string,
  name: string,
  favorite: boolean,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const feature = foundFeature(await shareFeatureRow(tx, name), name, { project });
    if (!(await setPinned(tx, pinner.userId, name, favorite))) return;
    await appendEvent(tx, {
      type: favorite ? 'feature-favorited' : 'feature-unfavorited',
      createdBy: pinner.actor,
      featureName: name,
      project: feature.project,
      data: { featureName: name, favorite },
      preData: { featureName: name, favorite: !favorite },
    });
  });
}
