import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/db/client.ts';
import {
  apiTokens,
  environments,
  featureEnvironments,
  features,
  featureStrategies,
  projectEnvironments,
} from '../platform/db/schema.ts';
import { displayOrder, type EnvironmentRow } from './read-model.ts';

type NewEnvironment = typeof environments.$inferInsert;

export function listEnvironments(db: Db): Promise<EnvironmentRow[]> {
  return db
    .select()
    .from(environments)
    .orderBy(...displayOrder);
}

/** Reads the environment and locks its row until the transaction ends (changes to one environment queue up). */
export async function lockEnvironment(tx: Db, name: string): Promise<EnvironmentRow | undefined> {
  const [row] = await tx.select().from(environments).where(eq(environments.name, name)).for('update');
  return row;
}

/**
 * Counts the environments and holds the count until the transaction ends: SHARE ROW EXCLUSIVE conflicts with itself
 * and with inserts and deletes, so concurrent creations queue up and none can slip past the limit. Reads go on.
 */
export async function countEnvironmentsLocked(tx: Db): Promise<number> {
  await tx.execute(sql`lock table ${environments} in share row exclusive mode`);
  const [row] = await tx.select({ n: count() }).from(environments);
  return Number(row.n);
}

/** Inserts an environment; undefined when the name is taken. */
export async function insertEnvironment(db: Db, env: NewEnvironment): Promise<EnvironmentRow | undefined> {
  const [row] = await db.insert(environments).values(env).onConflictDoNothing().returning();
  return row;
}

export async function updateEnvironment(
  db: Db,
  name: string,
  change: Partial<Pick<EnvironmentRow, 'type' | 'sortOrder' | 'enabled'>>,
): Promise<EnvironmentRow> {
  const [row] = await db.update(environments).set(change).where(eq(environments.name, name)).returning();
  return row;
}

/** Deletes the environment; the database removes its project links, toggle states and strategies with it. */
export async function deleteEnvironment(db: Db, name: string): Promise<void> {
  await db.delete(environments).where(eq(environments.name, name));
}

/** The projects that have the environment enabled, each with how many environments it has in all. */
export async function projectsUsing(
  db: Db,
  environment: string,
): Promise<Array<{ project: string; environments: number }>> {
  const projects = db
    .select({ project: projectEnvironments.project })
    .from(projectEnvironments)
    .where(eq(projectEnvironments.environment, environment));
  const rows = await db
    .select({ project: projectEnvironments.project, environments: count() })
    .from(projectEnvironments)
    .where(inArray(projectEnvironments.project, projects))
    .groupBy(projectEnvironments.project)
    .orderBy(asc(projectEnvironments.project));
  return rows.map((r) => ({ project: r.project, environments: Number(r.environments) }));
}

/** The toggles that have a state or strategies in the environment, by name. */
export async function togglesIn(db: Db, environment: string): Promise<string[]> {
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

/** How many strategy instances the environment holds. */
export async function countStrategies(db: Db, environment: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(featureStrategies)
    .where(eq(featureStrategies.environment, environment));
  return Number(row.n);
}

/** How many API tokens are scoped to the environment. */
export async function countTokensFor(db: Db, environment: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.environment, environment));
  return Number(row.n);
}

/**
 * Bumps the version of toggles whose environments change with a project or environment change (their ETag must
 * change too). Locks their rows in name order first, as a change of one toggle does (features/service lockForChange),
 * so concurrent changes queue up instead of deadlocking.
 */
export async function bumpToggleVersions(tx: Db, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await tx
    .select({ name: features.name })
    .from(features)
    .where(inArray(features.name, names))
    .orderBy(asc(features.name))
    .for('update');
  await tx
    .update(features)
    .set({ version: sql`${features.version} + 1` })
    .where(inArray(features.name, names));
}

/** Sets the sort order of each named environment. */
export async function setSortOrders(db: Db, positions: Array<[string, number]>): Promise<void> {
  for (const [name, sortOrder] of positions) {
    await db.update(environments).set({ sortOrder }).where(eq(environments.name, name));
  }
}
