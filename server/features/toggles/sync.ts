import { and, asc, exists, gt, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import {
  type FeatureSyncPage,
  type FeatureSyncRequest,
  type LiveChanges,
  SYNC_PAGE_DEFAULT,
} from '../../../contract/sync.ts';
import type { Db } from '../../platform/db/client.ts';
import { committedRevision, eventsSince, projectsNamedSince, togglesNamedSince } from '../../platform/events/store.ts';
import type { EventType } from '../../platform/events/types.ts';
import { familiesOf } from '../dependencies/read-model.ts';
import { featureEnvironmentsOf, strategiesOf } from '../environment-strategies/store.ts';
import { selectPinnedBy } from '../pins/store.ts';
import { features } from '../schema.ts';
import { groupByFeature } from '../views.ts';
import { projectFeatureView } from './views.ts';

// GET api/admin/sync/features (ours): live toggles in the project shape, a page at a time, in a handful of queries
// per page. The revision is the id of the newest audit event: every change writes one in its own transaction.

/** Events that change the environments of every toggle (their type, order or presence) without naming a toggle. */
const EVERY_TOGGLE: EventType[] = ['environment-updated', 'environment-order-changed', 'environment-deleted'];

/** Events that change the environments of every toggle of their project. */
const PROJECT_TOGGLES: EventType[] = ['project-environment-added', 'project-environment-removed'];

/** Live toggles with an event newer than `since`, or whose environments an environment or project event changed. */
function changedSince(db: Db, since: number): SQL {
  return or(
    inArray(features.name, togglesNamedSince(db, since)),
    inArray(features.project, projectsNamedSince(db, since, PROJECT_TOGGLES)),
    exists(eventsSince(db, since, EVERY_TOGGLE)),
  )!;
}

/** Toggles with an event newer than `since` that are not live now: deleted or archived since. */
async function goneSince(db: Db, since: number): Promise<string[]> {
  const live = db.select({ name: features.name }).from(features).where(isNull(features.archivedAt));
  const named = togglesNamedSince(db, since).as('named');
  const rows = await db
    .selectDistinct({ name: named.name })
    .from(named)
    .where(notInArray(named.name, live))
    .orderBy(asc(named.name));
  return rows.map((row) => row.name!);
}

/**
 * One page of the sync, read in one REPEATABLE READ transaction after its revision. A `since` newer than every
 * event (the mirror of another database) is ignored: every toggle is listed. Each toggle says whether `reader`
 * pinned it: a pin or unpin writes an event naming the toggle, so `since` brings it again after one.
 */
export async function featureSyncPage(
  db: Db,
  request: FeatureSyncRequest,
  reader: number | undefined,
): Promise<FeatureSyncPage> {
  const limit = request.limit ?? SYNC_PAGE_DEFAULT;
  const revision = await committedRevision(db, request.since ?? 0);
  const since = request.since !== undefined && request.since <= revision ? request.since : undefined;
  const after = request.after;
  return db.transaction(
    async (tx) => {
      const where: SQL[] = [isNull(features.archivedAt)];
      if (after !== undefined) where.push(gt(features.name, after));
      if (since !== undefined) where.push(changedSince(tx, since));
      const rows = await selectPinnedBy(tx, reader)
        .where(and(...where))
        .orderBy(asc(features.name))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const names = page.map((f) => f.name);
      // One after another: a transaction is one connection.
      const environments = await featureEnvironmentsOf(tx, names);
      const strategies = await strategiesOf(tx, names);
      const family = await familiesOf(tx, names);
      const deleted = since !== undefined && after === undefined ? await goneSince(tx, since) : [];
      const environmentsOf = groupByFeature(environments);
      const strategiesOfFeature = groupByFeature(strategies);
      return {
        version: 1 as const,
        revision,
        features: page.map((f) => ({
          ...projectFeatureView(
            f,
            environmentsOf.get(f.name) ?? [],
            strategiesOfFeature.get(f.name) ?? [],
            family(f.name),
          ),
          favorite: f.favorite,
        })),
        deleted,
        next: rows.length > limit ? page[page.length - 1].name : null,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Toggles named one by one in a live console's message; past it, only the revision is sent. */
export const LIVE_NAMES_MAX = 100;

/**
 * What changed after revision `since` (undefined: not known, only the revision is told): the committed revision and
 * the toggles events since named, left out when they are more than LIVE_NAMES_MAX or an environment or project
 * event changed toggles without naming them. `revision` equals `since` when nothing was committed since.
 */
export async function changedToggles(db: Db, since: number | undefined): Promise<LiveChanges> {
  const revision = await committedRevision(db, since ?? 0);
  if (since === undefined || revision <= since) return { revision };
  const [every] = await eventsSince(db, since, [...EVERY_TOGGLE, ...PROJECT_TOGGLES]).limit(1);
  if (every) return { revision };
  const named = togglesNamedSince(db, since).as('named');
  const rows = await db
    .selectDistinct({ name: named.name })
    .from(named)
    .orderBy(asc(named.name))
    .limit(LIVE_NAMES_MAX + 1);
  return rows.length > LIVE_NAMES_MAX ? { revision } : { revision, features: rows.map((row) => row.name!) };
}
