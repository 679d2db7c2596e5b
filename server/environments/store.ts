import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { EnvironmentRow } from './read-model.ts';
import { environments } from './schema.ts';

type NewEnvironment = typeof environments.$inferInsert;

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

/** Sets the sort order of each named environment. */
export async function setSortOrders(db: Db, positions: Array<[string, number]>): Promise<void> {
  for (const [name, sortOrder] of positions) {
    await db.update(environments).set({ sortOrder }).where(eq(environments.name, name));
  }
}
