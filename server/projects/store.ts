import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { projectEnvironments, projects, projectUsers } from './schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

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

/** Deletes the project; the database removes its environment links and its users' roles with it. */
export async function deleteProject(db: Db, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
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

/** The names of the environments enabled in a project (any order). */
export async function environmentNamesOf(db: Db, project: string): Promise<string[]> {
  const rows = await db
    .select({ environment: projectEnvironments.environment })
    .from(projectEnvironments)
    .where(eq(projectEnvironments.project, project));
  return rows.map((r) => r.environment);
}

/** The projects that have the environment enabled, each with how many environments it has in all. */
export async function projectsUsing(
  db: Db,
  environment: string,
): Promise<Array<{ project: string; environments: number }>> {
  const using = db
    .select({ project: projectEnvironments.project })
    .from(projectEnvironments)
    .where(eq(projectEnvironments.environment, environment));
  const rows = await db
    .select({ project: projectEnvironments.project, environments: count() })
    .from(projectEnvironments)
    .where(inArray(projectEnvironments.project, using))
    .groupBy(projectEnvironments.project)
    .orderBy(asc(projectEnvironments.project));
  return rows.map((r) => ({ project: r.project, environments: Number(r.environments) }));
}

// ---- the roles users hold in projects (project_users) ----

export type GrantRow = typeof projectUsers.$inferSelect;

/** Gives a user a role in a project, replacing the one they held there. */
export async function upsertGrant(tx: Db, project: string, userId: number, roleId: number): Promise<void> {
  await tx
    .insert(projectUsers)
    .values({ project, userId, roleId })
    .onConflictDoUpdate({ target: [projectUsers.project, projectUsers.userId], set: { roleId } });
}

/** The role a user holds in a project, locked until the transaction ends. */
export async function lockGrant(tx: Db, project: string, userId: number): Promise<GrantRow | undefined> {
  const [row] = await tx
    .select()
    .from(projectUsers)
    .where(and(eq(projectUsers.project, project), eq(projectUsers.userId, userId)))
    .for('update');
  return row;
}

/**
 * How many users hold the role in the project, their rows locked: two calls taking owners away at the same time
 * are counted one after the other, so neither can leave the project without one.
 */
export async function lockAndCountRole(tx: Db, project: string, roleId: number): Promise<number> {
  const rows = await tx
    .select({ userId: projectUsers.userId })
    .from(projectUsers)
    .where(and(eq(projectUsers.project, project), eq(projectUsers.roleId, roleId)))
    .orderBy(asc(projectUsers.userId))
    .for('update');
  return rows.length;
}

export async function deleteGrant(tx: Db, project: string, userId: number): Promise<void> {
  await tx.delete(projectUsers).where(and(eq(projectUsers.project, project), eq(projectUsers.userId, userId)));
}

/** The users holding a role in a project, and which (any order). */
export function grantsIn(db: Db, project: string) {
  return db
    .select({ userId: projectUsers.userId, roleId: projectUsers.roleId })
    .from(projectUsers)
    .where(eq(projectUsers.project, project));
}

/** The project roles a user holds (the permission check reads them once per request). */
export function grantsOf(db: Db, userId: number) {
  return db
    .select({ project: projectUsers.project, roleId: projectUsers.roleId })
    .from(projectUsers)
    .where(eq(projectUsers.userId, userId));
}

/** How many users hold a role in each of the projects (projects nobody holds a role in are absent). */
export async function memberCounts(db: Db, projects?: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ project: projectUsers.project, n: count() })
    .from(projectUsers)
    .where(projects === undefined ? undefined : inArray(projectUsers.project, [...projects]))
    .groupBy(projectUsers.project);
  return new Map(rows.map((r) => [r.project, r.n]));
}
