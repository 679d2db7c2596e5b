import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  apiTokens,
  environments,
  featureEnvironments,
  features,
  featureStrategies,
  projectEnvironments,
  projects,
} from '../platform/db/schema.ts';
import type { ProjectRow } from './read-model.ts';

/** Reads the project and locks its row until the transaction ends (changes to one project queue up). */
export async function lockProject(tx: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

/** Inserts a project; undefined when the id is taken. */
export async function insertProject(
  db: Db,
  project: { id: string; name: string; description: string | null },
): Promise<ProjectRow | undefined> {
  const [row] = await db.insert(projects).values(project).onConflictDoNothing().returning();
  return row;
}

export async function updateProject(
  db: Db,
  id: string,
  change: { name: string; description: string | null },
): Promise<ProjectRow> {
  const [row] = await db.update(projects).set(change).where(eq(projects.id, id)).returning();
  return row;
}

/** Deletes the project; the database removes its environment links with it. */
export async function deleteProject(db: Db, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** Every toggle of the project (archived ones included), by name, locked until the transaction ends. */
export async function lockProjectToggles(tx: Db, project: string): Promise<string[]> {
  const rows = await tx
    .select({ name: features.name })
    .from(features)
    .where(eq(features.project, project))
    .orderBy(asc(features.name))
    .for('update');
  return rows.map((r) => r.name);
}

/** How many API tokens are scoped to the project. */
export async function countTokensOf(db: Db, project: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.project, project));
  return Number(row.n);
}

/** The environments each new project gets: every globally enabled one. */
export async function enabledEnvironmentNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: environments.name })
    .from(environments)
    .where(eq(environments.enabled, true))
    .orderBy(asc(environments.sortOrder), asc(environments.name));
  return rows.map((r) => r.name);
}

/** Enables environments in a project (keeps existing links). */
export async function addProjectEnvironments(db: Db, project: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(projectEnvironments)
    .values(names.map((environment) => ({ project, environment })))
    .onConflictDoNothing();
}

export async function removeProjectEnvironment(db: Db, project: string, environment: string): Promise<void> {
  await db
    .delete(projectEnvironments)
    .where(and(eq(projectEnvironments.project, project), eq(projectEnvironments.environment, environment)));
}

/** Gives the toggles a (disabled) state in the environment where they have none yet; returns those that got one. */
export async function addToggleEnvironments(db: Db, toggles: string[], environment: string): Promise<string[]> {
  if (toggles.length === 0) return [];
  const rows = await db
    .insert(featureEnvironments)
    .values(toggles.map((feature) => ({ feature, environment, enabled: false })))
    .onConflictDoNothing()
    .returning({ feature: featureEnvironments.feature });
  return rows.map((r) => r.feature).sort();
}

/**
 * Removes the toggles' state and strategy instances in the environment; returns the toggles that had either there and
 * how many strategies were deleted.
 */
export async function removeToggleEnvironments(db: Db, toggles: string[], environment: string) {
  if (toggles.length === 0) return { toggles: [], strategiesDeleted: 0 };
  const strategies = await db
    .delete(featureStrategies)
    .where(and(inArray(featureStrategies.feature, toggles), eq(featureStrategies.environment, environment)))
    .returning({ feature: featureStrategies.feature });
  const states = await db
    .delete(featureEnvironments)
    .where(and(inArray(featureEnvironments.feature, toggles), eq(featureEnvironments.environment, environment)))
    .returning({ feature: featureEnvironments.feature });
  const changed = new Set([...strategies, ...states].map((r) => r.feature));
  return { toggles: [...changed].sort(), strategiesDeleted: strategies.length };
}
