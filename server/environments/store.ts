import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { environments, projectEnvironments } from '../db/schema.ts';

export type EnvironmentRow = typeof environments.$inferSelect;

const order = [asc(environments.sortOrder), asc(environments.name)];

export function listEnvironments(db: Db): Promise<EnvironmentRow[]> {
  return db.select().from(environments).orderBy(...order);
}

export async function findEnvironment(db: Db, name: string): Promise<EnvironmentRow | undefined> {
  const [row] = await db.select().from(environments).where(eq(environments.name, name));
  return row;
}

/** The environments enabled in a project, in display order. */
export async function projectEnvironmentNames(db: Db, project: string): Promise<string[]> {
  const rows = await db
    .select({ name: environments.name })
    .from(projectEnvironments)
    .innerJoin(environments, eq(environments.name, projectEnvironments.environment))
    .where(eq(projectEnvironments.project, project))
    .orderBy(...order);
  return rows.map((r) => r.name);
}

/** The environment as the API shows it. */
export const environmentResponse = (e: EnvironmentRow) => ({
  name: e.name,
  type: e.type,
  sortOrder: e.sortOrder,
  enabled: e.enabled,
  protected: e.protected,
});
