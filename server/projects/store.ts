import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projects } from '../db/schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

export function listProjects(db: Db): Promise<ProjectRow[]> {
  return db.select().from(projects).orderBy(asc(projects.name), asc(projects.id));
}

export async function listProjectIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id));
  return rows.map((r) => r.id);
}

export async function projectExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  return rows.length > 0;
}
