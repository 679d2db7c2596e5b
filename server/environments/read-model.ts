import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { environments } from './schema.ts';
import { notFound } from '../platform/http/errors.ts';

export type EnvironmentRow = typeof environments.$inferSelect;

/** Display order: by sort order, then name. */
export const displayOrder = [asc(environments.sortOrder), asc(environments.name)];

export async function findEnvironment(db: Db, name: string): Promise<EnvironmentRow | undefined> {
  const [row] = await db.select().from(environments).where(eq(environments.name, name));
  return row;
}

/** The type of the environment named (no row when there is none): a subquery another domain's statement reads. */
export const environmentTypeOf = (db: Db, name: string) =>
  db.select({ type: environments.type }).from(environments).where(eq(environments.name, name));

export const environmentNotFound = (name: string) => notFound(`Could not find environment with name: ${name}`);

/** The environment, or 404. */
export async function requireEnvironment(db: Db, name: string): Promise<EnvironmentRow> {
  const env = await findEnvironment(db, name);
  if (!env) throw environmentNotFound(name);
  return env;
}

/** Every environment, in display order. */
export function listEnvironments(db: Db): Promise<EnvironmentRow[]> {
  return db
    .select()
    .from(environments)
    .orderBy(...displayOrder);
}

/** The environments each new project gets: every globally enabled one, in display order. */
export async function enabledEnvironmentNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: environments.name })
    .from(environments)
    .where(eq(environments.enabled, true))
    .orderBy(...displayOrder);
  return rows.map((r) => r.name);
}
