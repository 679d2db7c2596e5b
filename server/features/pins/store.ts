import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { favoriteFeatures, features } from '../schema.ts';
import { featureConditions, type FeatureFilter, type FeatureRow } from '../store.ts';

// The toggles each user pinned (favorite_features), and toggle lists that say whether the reader pinned each.

/** A toggle of a list a user reads: whether that user pinned it. */
export type PinnedFeatureRow = FeatureRow & { favorite: boolean };

/**
 * SELECT of toggles' `columns`, each with whether `userId` pinned it: one join with that user's pins (an API token
 * has none), for the caller to filter, order and limit.
 */
function selectColumnsPinnedBy<Columns extends Partial<ReturnType<typeof getTableColumns<typeof features>>>>(
  db: Db,
  columns: Columns,
  userId: number | undefined,
) {
  const pinned = userId === undefined ? sql<boolean>`false` : sql<boolean>`${favoriteFeatures.userId} is not null`;
  const query = db
    .select({ ...columns, favorite: pinned })
    .from(features)
    .$dynamic();
  if (userId === undefined) return query;
  return query.leftJoin(
    favoriteFeatures,
    and(eq(favoriteFeatures.feature, features.name), eq(favoriteFeatures.userId, userId)),
  );
}

/** Every column of toggles, each with whether `userId` pinned it (see selectColumnsPinnedBy). */
export const selectPinnedBy = (db: Db, userId: number | undefined) =>
  selectColumnsPinnedBy(db, getTableColumns(features), userId);

/** Toggles matching the filter, sorted by name, each with whether `userId` pinned it (selectPinnedBy). */
export function listFeaturesPinnedBy(
  db: Db,
  filter: FeatureFilter,
  userId: number | undefined,
): Promise<PinnedFeatureRow[]> {
  return selectPinnedBy(db, userId)
    .where(and(...featureConditions(db, filter)))
    .orderBy(asc(features.name));
}

/** Of every live toggle, sorted by name: when SDKs last saw it, and whether `userId` pinned it. */
export function seenAndPinnedBy(db: Db, userId: number | undefined) {
  return selectColumnsPinnedBy(db, { name: features.name, lastSeenAt: features.lastSeenAt }, userId)
    .where(isNull(features.archivedAt))
    .orderBy(asc(features.name));
}

/** Whether the user pinned the toggle. */
export async function isPinned(db: Db, userId: number | undefined, feature: string): Promise<boolean> {
  if (userId === undefined) return false;
  const rows = await db
    .select({ feature: favoriteFeatures.feature })
    .from(favoriteFeatures)
    .where(and(eq(favoriteFeatures.userId, userId), eq(favoriteFeatures.feature, feature)));
  return rows.length > 0;
}

/** Pins (true) or unpins (false) a toggle for a user; true when that changed anything. */
export async function setPinned(db: Db, userId: number, feature: string, pinned: boolean): Promise<boolean> {
  const rows = pinned
    ? await db
        .insert(favoriteFeatures)
        .values({ userId, feature })
        .onConflictDoNothing()
        .returning({ feature: favoriteFeatures.feature })
    : await db
        .delete(favoriteFeatures)
        .where(and(eq(favoriteFeatures.userId, userId), eq(favoriteFeatures.feature, feature)))
        .returning({ feature: favoriteFeatures.feature });
  return rows.length > 0;
}

/** The users who pinned the toggle (those its changes are announced to). */
export async function usersWhoPinned(db: Db, feature: string): Promise<number[]> {
  const rows = await db
    .select({ userId: favoriteFeatures.userId })
    .from(favoriteFeatures)
    .where(eq(favoriteFeatures.feature, feature));
  return rows.map((row) => row.userId);
}
