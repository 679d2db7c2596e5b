import {
  and,
  asc,
  type Column,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  max,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { features, featureTags } from './schema.ts';

// The features table: the toggle rows every part of features/ reads and writes.

export type FeatureRow = typeof features.$inferSelect;

export type NewFeature = typeof features.$inferInsert;

/** `column` is one of the names: one array parameter, however many names (a project's 10,000 toggles). */
export const inNames = (column: Column, names: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...names])}::text[])`;

export interface FeatureFilter {
  archived: boolean;
  projects?: string[];
  namePrefix?: string;
  /** [type, value] pairs: a toggle matches if it has any of them. */
  tags?: Array<[string, string]>;
  names?: string[];
  /** Only the toggles after this name (in the database's order): a long list read a page at a time. */
  after?: string;
}

export async function findFeature(db: Db, name: string): Promise<FeatureRow | undefined> {
  const [row] = await db.select().from(features).where(eq(features.name, name));
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function featureConditions(db: Db, filter: FeatureFilter): SQL[] {
  const where: SQL[] = [filter.archived ? isNotNull(features.archivedAt) : isNull(features.archivedAt)];
  if (filter.projects) where.push(inArray(features.project, filter.projects));
  if (filter.names) where.push(inArray(features.name, filter.names));
  if (filter.namePrefix) where.push(like(features.name, `${escapeLike(filter.namePrefix)}%`));
  if (filter.after !== undefined) where.push(gt(features.name, filter.after));
  if (filter.tags && filter.tags.length > 0) {
    const matches = filter.tags.map(([type, value]) =>
      and(eq(featureTags.tagType, type), eq(featureTags.tagValue, value))!,
    );
    where.push(
      inArray(
        features.name,
        db
          .select({ name: featureTags.feature })
          .from(featureTags)
          .where(or(...matches)),
      ),
    );
  }
  return where;
}

/** Toggles matching the filter, sorted by name. */
export function listFeatures(db: Db, filter: FeatureFilter, limit?: number): Promise<FeatureRow[]> {
  const query = db
    .select()
    .from(features)
    .where(and(...featureConditions(db, filter)))
    .orderBy(asc(features.name));
  return limit === undefined ? query : query.limit(limit);
}

/** The greatest name below `name` (in the database's collation) of the toggles matching the filter. */
export async function lastFeatureBefore(db: Db, filter: FeatureFilter, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: max(features.name) })
    .from(features)
    .where(and(...featureConditions(db, filter), lt(features.name, name)));
  return row?.name ?? undefined;
}

/** Inserts a toggle; undefined when the name is taken (live or archived). */
export async function insertFeature(db: Db, feature: NewFeature): Promise<FeatureRow | undefined> {
  const [row] = await db.insert(features).values(feature).onConflictDoNothing().returning();
  return row;
}

export async function updateFeature(db: Db, name: string, change: Partial<NewFeature>): Promise<FeatureRow> {
  const [row] = await db.update(features).set(change).where(eq(features.name, name)).returning();
  return row;
}

export async function deleteFeature(db: Db, name: string): Promise<void> {
  await db.delete(features).where(eq(features.name, name));
}

/** Sets `change` on the named toggles (those of them matching `where`, if given), in one statement; their rows. */
export function updateFeatures(
  db: Db,
  names: readonly string[],
  change: Partial<NewFeature>,
  where?: SQL,
): Promise<FeatureRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .update(features)
    .set(change)
    .where(and(inNames(features.name, names), where))
    .returning();
}

/** Sets the stale flag of those of the named toggles where it differs, in one statement; their rows. */
export const setStaleWhereDifferent = (db: Db, names: readonly string[], stale: boolean) =>
  updateFeatures(db, names, { stale }, ne(features.stale, stale));

export async function deleteFeatures(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.delete(features).where(inNames(features.name, names));
}

/**
 * Marks the toggles as seen by an SDK at `seenAt` (never moving lastSeenAt back), returning the name and archivedAt
 * of each: another domain's statement may run it in its WITH (the lifecycle's, which enters the stages it tells).
 */
export const markFeaturesSeen = (db: Db, names: readonly string[], seenAt: Date) =>
  db
    .update(features)
    .set({ lastSeenAt: sql`greatest(${features.lastSeenAt}, ${seenAt.toISOString()}::timestamptz)` })
    .where(inNames(features.name, names))
    .returning({ name: features.name, archivedAt: features.archivedAt });

/** Reads the toggle and keeps it from being deleted until the transaction ends (SELECT ... FOR KEY SHARE). */
export async function shareFeatureRow(tx: Db, name: string): Promise<FeatureRow | undefined> {
  const [row] = await tx.select().from(features).where(eq(features.name, name)).for('key share');
  return row;
}

/** The names of every toggle of the project (archived ones included). */
export async function projectToggleNames(db: Db, project: string): Promise<string[]> {
  const rows = await db.select({ name: features.name }).from(features).where(eq(features.project, project));
  return rows.map((r) => r.name);
}
