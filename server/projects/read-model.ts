import { asc, eq } from 'drizzle-orm';
import { listEnvironments } from '../environments/index.ts';
import type { ProjectRoleGrant } from '../platform/access/roles.ts';
import type { Db } from '../platform/db/client.ts';
import { projectNotFound } from './rules.ts';
import { projects } from './schema.ts';
import { environmentNamesOf, grantsIn, grantsOf, memberCounts, type ProjectRow } from './store.ts';

export type { ProjectRow };

export { memberCounts };

/** Every project, by name. */
export function listProjects(db: Db): Promise<ProjectRow[]> {
  return db.select().from(projects).orderBy(asc(projects.name), asc(projects.id));
}

export async function findProject(db: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

/** The project, or 404. */
export async function requireProject(db: Db, id: string): Promise<ProjectRow> {
  const project = await findProject(db, id);
  if (!project) throw projectNotFound();
  return project;
}

export async function projectExists(db: Db, id: string): Promise<boolean> {
  return (await findProject(db, id)) !== undefined;
}

/** Every project id (an Editor holds the project permissions in each). */
export async function listProjectIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id));
  return rows.map((r) => r.id);
}

/** The environments enabled in a project, in display order. */
export async function projectEnvironmentNames(db: Db, project: string): Promise<string[]> {
  // One after another: inside a transaction this is one connection.
  const enabled = new Set(await environmentNamesOf(db, project));
  return (await listEnvironments(db)).filter((e) => enabled.has(e.name)).map((e) => e.name);
}

/** The project roles a user holds: the access check gives a Viewer their permissions in those projects. */
export const projectRolesOf = (db: Db, userId: number): Promise<ProjectRoleGrant[]> => grantsOf(db, userId);

/** The users holding a role in a project, with the role (any order). */
export const projectGrants = (db: Db, project: string) => grantsIn(db, project);

/** How many users hold a role in the project (its memberCount). */
export async function memberCount(db: Db, project: string): Promise<number> {
  return (await memberCounts(db, [project])).get(project) ?? 0;
}
