import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { projects } from '../platform/db/schema.ts';
import { projectNotFound } from './rules.ts';

export type ProjectRow = typeof projects.$inferSelect;

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
