import {
  and,
  asc,
  countDistinct,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { Constraint } from '../../contract/constraints.ts';
import type { Dependency } from '../../contract/features.ts';
import { union } from 'drizzle-orm/pg-core';
import type { Tag } from '../../contract/tags.ts';
import type { StrategyVariant } from '../../contract/variants.ts';
import { listEnvironments } from '../environments/index.ts';
import type { Db } from '../platform/db/client.ts';
import {
  favoriteFeatures,
  featureDependencies,
  featureEnvironments,
  features,
  featureStrategies,
  featureStrategySegments,
  featureTags,
} from './schema.ts';

export type FeatureRow = typeof features.$inferSelect;

/** `column` is one of the names: one array parameter, however many names (a project's 10,000 toggles). */
export const inNames = (column: Column, names: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...names])}::text[])`;
export type NewFeature = typeof features.$inferInsert;
/** A strategy instance as read: its row with the ids of the segments it uses. */
export type StrategyRow = typeof featureStrategies.$inferSelect & { segments: number[] };

/** A strategy instance to store (parameters already as strings). */
export interface StrategyData {
  id?: string;
  name: string;
  parameters: Record<string, string>;
  constraints: Constraint[];
  /** Ids of segments that exist (checked by the strategy rule). */
  segments: number[];
  variants: StrategyVariant[];
}

/** The segment ids of each of those strategy instances, in id order (strategies without segments are absent). */
async function segmentIdsOfStrategies(db: Db, strategyIds: readonly string[]): Promise<Map<string, number[]>> {
  const byStrategy = new Map<string, number[]>();
  if (strategyIds.length === 0) return byStrategy;
  const rows = await db
    .select()
    .from(featureStrategySegments)
    .where(inArray(featureStrategySegments.strategyId, [...strategyIds]))
    .orderBy(asc(featureStrategySegments.segmentId));
  for (const { strategyId, segmentId } of rows) {
    const list = byStrategy.get(strategyId);
    if (list) list.push(segmentId);
    else byStrategy.set(strategyId, [segmentId]);
  }
  return byStrategy;
}

/** The rows with the segment ids of each strategy: one query for all of them. */
async function withSegments(db: Db, rows: Array<typeof featureStrategies.$inferSelect>): Promise<StrategyRow[]> {
  const segments = await segmentIdsOfStrategies(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, segments: segments.get(r.id) ?? [] }));
}

/** Replaces the segments a strategy uses. */
async function writeStrategySegments(db: Db, strategyId: string, segmentIds: readonly number[]) {
  await db.delete(featureStrategySegments).where(eq(featureStrategySegments.strategyId, strategyId));
  if (segmentIds.length === 0) return;
  await db.insert(featureStrategySegments).values(segmentIds.map((segmentId) => ({ strategyId, segmentId })));
}

export interface FeatureFilter {
  archived: boolean;
  projects?: string[];
  namePrefix?: string;
  /** [type, value] pairs: a toggle matches if it has any of them. */
  tags?: Array<[string, string]>;
  names?: string[];
}

export async function findFeature(db: Db, name: string): Promise<FeatureRow | undefined> {
  const [row] = await db.select().from(features).where(eq(features.name, name));
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function featureConditions(db: Db, filter: FeatureFilter): SQL[] {
  const where: SQL[] = [filter.archived ? isNotNull(features.archivedAt) : isNull(features.archivedAt)];
  if (filter.projects) where.push(inArray(features.project, filter.projects));
  if (filter.names) where.push(inArray(features.name, filter.names));
  if (filter.namePrefix) where.push(like(features.name, `${escapeLike(filter.namePrefix)}%`));
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
export function listFeatures(db: Db, filter: FeatureFilter): Promise<FeatureRow[]> {
  return db
    .select()
    .from(features)
    .where(and(...featureConditions(db, filter)))
    .orderBy(asc(features.name));
}

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

export interface FeatureEnvironment {
  feature: string;
  name: string;
  enabled: boolean;
  type: string;
  sortOrder: number;
}

/** The environments each toggle has (in display order), with their type and sort order. */
export async function featureEnvironmentsOf(db: Db, names: string[]): Promise<FeatureEnvironment[]> {
  if (names.length === 0) return [];
  // One after another: inside a transaction this is one connection.
  const states = await db
    .select({
      feature: featureEnvironments.feature,
      environment: featureEnvironments.environment,
      enabled: featureEnvironments.enabled,
    })
    .from(featureEnvironments)
    .where(inArray(featureEnvironments.feature, names));
  const byEnvironment = new Map<string, typeof states>();
  for (const state of states) {
    const list = byEnvironment.get(state.environment);
    if (list) list.push(state);
    else byEnvironment.set(state.environment, [state]);
  }
  return (await listEnvironments(db)).flatMap((env) =>
    (byEnvironment.get(env.name) ?? []).map((state) => ({
      feature: state.feature,
      name: env.name,
      enabled: state.enabled,
      type: env.type,
      sortOrder: env.sortOrder,
    })),
  );
}

/** The order in which a toggle's strategies are evaluated (and listed): sort order, then creation, then id. */
const evaluationOrder = [asc(featureStrategies.sortOrder), asc(featureStrategies.createdAt), asc(featureStrategies.id)];

/** Strategy instances of the toggles (of one environment if given), in evaluation order, with their segments. */
export async function strategiesOf(db: Db, names: string[], environment?: string): Promise<StrategyRow[]> {
  if (names.length === 0) return [];
  const where = [inArray(featureStrategies.feature, names)];
  if (environment !== undefined) where.push(eq(featureStrategies.environment, environment));
  const rows = await db
    .select()
    .from(featureStrategies)
    .where(and(...where))
    .orderBy(...evaluationOrder);
  return withSegments(db, rows);
}

/** The toggles of one environment whose names lie between `first` and `last`: one range of the index's keys. */
interface NameRange {
  environment: string;
  first: string;
  last: string;
}

const inNameRange = (table: typeof featureEnvironments | typeof featureStrategies, range: NameRange) =>
  and(eq(table.environment, range.environment), gte(table.feature, range.first), lte(table.feature, range.last));

/** Whether each toggle named in the range is enabled in its environment (toggles not in it have no row). */
export function enabledInRange(db: Db, range: NameRange) {
  return db
    .select({ feature: featureEnvironments.feature, enabled: featureEnvironments.enabled })
    .from(featureEnvironments)
    .where(inNameRange(featureEnvironments, range));
}

/** The strategies of the toggles named in the range, in evaluation order, with only the columns SDKs receive. */
export function servedStrategiesInRange(db: Db, range: NameRange) {
  return db
    .select({
      feature: featureStrategies.feature,
      strategyName: featureStrategies.strategyName,
      id: featureStrategies.id,
      parameters: featureStrategies.parameters,
      constraints: featureStrategies.constraints,
      variants: featureStrategies.variants,
    })
    .from(featureStrategies)
    .where(inNameRange(featureStrategies, range))
    .orderBy(...evaluationOrder);
}

/** The segment ids of the strategies of the toggles named in the range (one join, no list of ids). */
export function servedSegmentsInRange(db: Db, range: NameRange) {
  return db
    .select({ strategyId: featureStrategySegments.strategyId, segmentId: featureStrategySegments.segmentId })
    .from(featureStrategySegments)
    .innerJoin(featureStrategies, eq(featureStrategies.id, featureStrategySegments.strategyId))
    .where(inNameRange(featureStrategies, range))
    .orderBy(asc(featureStrategySegments.segmentId));
}

/** The parents of the children named in the range. */
export function dependenciesInRange(db: Db, range: Pick<NameRange, 'first' | 'last'>) {
  return db
    .select()
    .from(featureDependencies)
    .where(and(gte(featureDependencies.child, range.first), lte(featureDependencies.child, range.last)))
    .orderBy(asc(featureDependencies.child), asc(featureDependencies.parent));
}

/** Adds the toggle to environments it is not in yet (keeps existing rows). */
export async function addFeatureEnvironments(
  db: Db,
  feature: string,
  rows: Array<{ environment: string; enabled: boolean }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(featureEnvironments)
    .values(rows.map((r) => ({ feature, environment: r.environment, enabled: r.enabled })))
    .onConflictDoNothing();
}

/** Sets enabled in one environment; false when the toggle is not in that environment. */
export async function setFeatureEnvironmentEnabled(db: Db, feature: string, environment: string, enabled: boolean) {
  const rows = await db
    .update(featureEnvironments)
    .set({ enabled })
    .where(and(eq(featureEnvironments.feature, feature), eq(featureEnvironments.environment, environment)))
    .returning({ feature: featureEnvironments.feature });
  return rows.length > 0;
}

/** Appends strategy instances to an environment, in the given order (after existing ones). */
export async function insertStrategies(
  db: Db,
  feature: string,
  environment: string,
  strategies: StrategyData[],
): Promise<StrategyRow[]> {
  if (strategies.length === 0) return [];
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${featureStrategies.sortOrder}) + 1, 0)::int` })
    .from(featureStrategies)
    .where(and(eq(featureStrategies.feature, feature), eq(featureStrategies.environment, environment)));
  const rows = await db
    .insert(featureStrategies)
    .values(
      strategies.map((s, i) => ({
        ...(s.id ? { id: s.id } : {}),
        feature,
        environment,
        strategyName: s.name,
        parameters: s.parameters,
        constraints: s.constraints,
        variants: s.variants,
        sortOrder: Number(next) + i,
      })),
    )
    .returning();
  const segmentRows = rows.flatMap((r, i) =>
    strategies[i].segments.map((segmentId) => ({ strategyId: r.id, segmentId })),
  );
  if (segmentRows.length > 0) await db.insert(featureStrategySegments).values(segmentRows);
  return rows.map((r, i) => ({ ...r, segments: [...strategies[i].segments].sort((a, b) => a - b) }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One strategy instance of a toggle in an environment (undefined for any other id, including non-UUIDs). */
export async function findStrategyInstance(
  db: Db,
  feature: string,
  environment: string,
  id: string,
): Promise<StrategyRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await db
    .select()
    .from(featureStrategies)
    .where(
      and(
        eq(featureStrategies.id, id),
        eq(featureStrategies.feature, feature),
        eq(featureStrategies.environment, environment),
      ),
    );
  const [row] = await withSegments(db, rows);
  return row;
}

export async function updateStrategyInstance(db: Db, id: string, data: Omit<StrategyData, 'id'>): Promise<StrategyRow> {
  const [row] = await db
    .update(featureStrategies)
    .set({
      strategyName: data.name,
      parameters: data.parameters,
      constraints: data.constraints,
      variants: data.variants,
    })
    .where(eq(featureStrategies.id, id))
    .returning();
  await writeStrategySegments(db, id, data.segments);
  return { ...row, segments: [...data.segments].sort((a, b) => a - b) };
}

export async function deleteStrategyInstance(db: Db, id: string): Promise<void> {
  await db.delete(featureStrategies).where(eq(featureStrategies.id, id));
}

export async function setStrategySortOrder(db: Db, id: string, sortOrder: number): Promise<void> {
  await db.update(featureStrategies).set({ sortOrder }).where(eq(featureStrategies.id, id));
}

/** Whether the toggle is in the environment, and enabled there (undefined: not in it). */
export async function featureEnvironmentEnabled(
  db: Db,
  feature: string,
  environment: string,
): Promise<boolean | undefined> {
  const [row] = await db
    .select({ enabled: featureEnvironments.enabled })
    .from(featureEnvironments)
    .where(and(eq(featureEnvironments.feature, feature), eq(featureEnvironments.environment, environment)));
  return row?.enabled;
}

export async function deleteStrategies(db: Db, feature: string, environment: string): Promise<void> {
  await db
    .delete(featureStrategies)
    .where(and(eq(featureStrategies.feature, feature), eq(featureStrategies.environment, environment)));
}

/** The environments in which the toggle has at least one strategy. */
export async function environmentsWithStrategies(db: Db, feature: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ environment: featureStrategies.environment })
    .from(featureStrategies)
    .where(eq(featureStrategies.feature, feature))
    .orderBy(asc(featureStrategies.environment));
  return rows.map((r) => r.environment);
}

/** The toggle's tags, by type and value. */
export async function listFeatureTags(db: Db, feature: string): Promise<Tag[]> {
  return db
    .select({ type: featureTags.tagType, value: featureTags.tagValue })
    .from(featureTags)
    .where(eq(featureTags.feature, feature))
    .orderBy(asc(featureTags.tagType), asc(featureTags.tagValue));
}

/** True when the tag was added (false when the toggle already had it). */
export async function insertFeatureTag(db: Db, feature: string, tag: Tag): Promise<boolean> {
  const rows = await db
    .insert(featureTags)
    .values({ feature, tagType: tag.type, tagValue: tag.value })
    .onConflictDoNothing()
    .returning({ feature: featureTags.feature });
  return rows.length > 0;
}

export async function deleteFeatureTag(db: Db, feature: string, tag: Tag): Promise<boolean> {
  const rows = await db
    .delete(featureTags)
    .where(
      and(eq(featureTags.feature, feature), eq(featureTags.tagType, tag.type), eq(featureTags.tagValue, tag.value)),
    )
    .returning({ feature: featureTags.feature });
  return rows.length > 0;
}

/** Marks the toggles as seen by an SDK at `seenAt` (never moving lastSeenAt back). */
export async function markFeaturesSeen(db: Db, names: string[], seenAt: Date) {
  if (names.length === 0) return;
  await db
    .update(features)
    .set({ lastSeenAt: sql`greatest(${features.lastSeenAt}, ${seenAt.toISOString()}::timestamptz)` })
    .where(inArray(features.name, names));
}

/** Reads the toggle and keeps it from being deleted until the transaction ends (SELECT ... FOR KEY SHARE). */
export async function shareFeatureRow(tx: Db, name: string): Promise<FeatureRow | undefined> {
  const [row] = await tx.select().from(features).where(eq(features.name, name)).for('key share');
  return row;
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

/** A dependency as stored: the child, its parent and the parent's condition. */
export type DependencyRow = typeof featureDependencies.$inferSelect;

/** The parents of these children. */
export function parentsOf(db: Db, children: string[]): Promise<DependencyRow[]> {
  if (children.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(featureDependencies)
    .where(inArray(featureDependencies.child, children))
    .orderBy(asc(featureDependencies.child), asc(featureDependencies.parent));
}

/** The children of these parents (archived ones too, unless `live`). */
export async function childrenOf(
  db: Db,
  parents: string[],
  options: { live?: boolean } = {},
): Promise<DependencyRow[]> {
  if (parents.length === 0) return [];
  const where = [inArray(featureDependencies.parent, parents)];
  if (options.live) where.push(isNull(features.archivedAt));
  const rows = await db
    .select({ dependency: featureDependencies })
    .from(featureDependencies)
    .innerJoin(features, eq(features.name, featureDependencies.child))
    .where(and(...where))
    .orderBy(asc(featureDependencies.parent), asc(featureDependencies.child));
  return rows.map((row) => row.dependency);
}

/** Makes `parent` the only parent of `child` (a toggle has at most one). */
export async function setParent(db: Db, child: string, dependency: Required<Dependency>): Promise<void> {
  await db.delete(featureDependencies).where(eq(featureDependencies.child, child));
  await db.insert(featureDependencies).values({
    child,
    parent: dependency.feature,
    enabled: dependency.enabled,
    variants: dependency.variants,
  });
}

/** Removes the child's dependency on `parent` (every dependency when undefined); the rows removed. */
export function deleteDependencies(db: Db, child: string, parent?: string): Promise<DependencyRow[]> {
  const where = [eq(featureDependencies.child, child)];
  if (parent !== undefined) where.push(eq(featureDependencies.parent, parent));
  return db
    .delete(featureDependencies)
    .where(and(...where))
    .returning();
}

// ---- what the commands of other domains read and change of the toggles (through index.ts) ----

/** The names of every toggle of the project (archived ones included). */
export async function projectToggleNames(db: Db, project: string): Promise<string[]> {
  const rows = await db.select({ name: features.name }).from(features).where(eq(features.project, project));
  return rows.map((r) => r.name);
}

/** The toggles that have a state or strategies in the environment, by name. */
export async function togglesInEnvironment(db: Db, environment: string): Promise<string[]> {
  const states = db
    .select({ feature: featureEnvironments.feature })
    .from(featureEnvironments)
    .where(eq(featureEnvironments.environment, environment));
  const strategies = db
    .select({ feature: featureStrategies.feature })
    .from(featureStrategies)
    .where(eq(featureStrategies.environment, environment));
  const rows = await union(states, strategies);
  return rows.map((r) => r.feature).sort();
}

/** The strategy instances that use the segment (archived toggles' too), by toggle, environment and position. */
export function strategiesUsingSegment(db: Db, id: number) {
  return db
    .select({
      id: featureStrategies.id,
      projectId: features.project,
      featureName: featureStrategies.feature,
      strategyName: featureStrategies.strategyName,
      environment: featureStrategies.environment,
    })
    .from(featureStrategySegments)
    .innerJoin(featureStrategies, eq(featureStrategies.id, featureStrategySegments.strategyId))
    .innerJoin(features, eq(features.name, featureStrategies.feature))
    .where(eq(featureStrategySegments.segmentId, id))
    .orderBy(asc(featureStrategies.feature), asc(featureStrategies.environment), asc(featureStrategies.sortOrder));
}

/** How many toggles (archived ones included) have a strategy instance of the definition, in any environment. */
export async function countTogglesUsingStrategy(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(featureStrategies.feature) })
    .from(featureStrategies)
    .where(eq(featureStrategies.strategyName, name));
  return row.n;
}
