import { and, asc, countDistinct, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Constraint } from '../../../contract/constraints.ts';
import type { StrategyVariant } from '../../../contract/variants.ts';
import { listEnvironments } from '../../environments/index.ts';
import { groupBy } from '../views.ts';
import type { Db } from '../../platform/db/client.ts';
import { featureEnvironments, features, featureStrategies, featureStrategySegments } from '../schema.ts';
import { inNames } from '../store.ts';

// A toggle's state and strategy instances in each environment (feature_environments, feature_strategies and the
// segments each strategy uses).

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
  const byEnvironment = groupBy(states, (state) => state.environment);
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
export interface NameRange {
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

/** Gives each of the toggles a (disabled) state in the environment where it has none yet: one statement. */
export async function addEnvironmentStates(db: Db, names: readonly string[], environment: string): Promise<void> {
  if (names.length === 0) return;
  await db.execute(sql`
    insert into ${featureEnvironments} (feature, environment, enabled)
    select name, ${environment}, false from unnest(${sql.param([...names])}::text[]) as name
    on conflict do nothing`);
}

/** Sets enabled in the environment for those of the toggles where it differs: one statement; returns their names. */
export async function switchEnabled(
  db: Db,
  names: readonly string[],
  environment: string,
  enabled: boolean,
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .update(featureEnvironments)
    .set({ enabled })
    .where(
      and(
        inNames(featureEnvironments.feature, names),
        eq(featureEnvironments.environment, environment),
        ne(featureEnvironments.enabled, enabled),
      ),
    )
    .returning({ feature: featureEnvironments.feature });
  return rows.map((row) => row.feature);
}

/**
 * Gives each of the toggles that has no strategy in the environment this one (without segments), in one statement;
 * returns the instances made.
 */
export async function addStrategyWhereNone(
  db: Db,
  names: readonly string[],
  environment: string,
  strategy: Omit<StrategyData, 'id' | 'segments'>,
): Promise<StrategyRow[]> {
  if (names.length === 0) return [];
  const result = (await db.execute(sql`
    insert into ${featureStrategies} (feature, environment, strategy_name, parameters, constraints, variants)
    select name, ${environment}, ${strategy.name}, ${JSON.stringify(strategy.parameters)}::jsonb,
      ${JSON.stringify(strategy.constraints)}::jsonb, ${JSON.stringify(strategy.variants)}::jsonb
    from unnest(${sql.param([...names])}::text[]) as name
    where not exists (select 1 from ${featureStrategies} as s where s.feature = name and s.environment = ${environment})
    returning id, feature, sort_order, created_at`)) as unknown as {
    rows: Array<{ id: string; feature: string; sort_order: number; created_at: Date | string }>;
  };
  return result.rows.map((row) => ({
    id: row.id,
    feature: row.feature,
    environment,
    strategyName: strategy.name,
    parameters: strategy.parameters,
    constraints: strategy.constraints,
    variants: strategy.variants,
    sortOrder: row.sort_order,
    createdAt: new Date(row.created_at),
    segments: [],
  }));
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
