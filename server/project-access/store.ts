import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { projectUsers, users } from '../platform/db/schema.ts';

export type GrantRow = typeof projectUsers.$inferSelect;

/** The users holding a role in a project, with the fields the access list shows, by name. */
export function listProjectUsers(db: Db, project: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      roleId: projectUsers.roleId,
    })
    .from(projectUsers)
    .innerJoin(users, eq(users.id, projectUsers.userId))
    .where(eq(projectUsers.project, project))
    .orderBy(asc(users.name), asc(users.id));
}

export type ProjectUserRow = Awaited<ReturnType<typeof listProjectUsers>>[number];

/** The project roles a user holds (the permission check reads them once per request). */
export function grantsOf(db: Db, userId: number) {
  return db
    .select({ project: projectUsers.project, roleId: projectUsers.roleId })
    .from(projectUsers)
    .where(eq(projectUsers.userId, userId));
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

/** How many users hold a role in each of the projects (projects nobody holds a role in are absent). */
export async function memberCounts(db: Db, projects?: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ project: projectUsers.project, n: count() })
    .from(projectUsers)
    .where(projects === undefined ? undefined : inArray(projectUsers.project, [...projects]))
    .groupBy(projectUsers.project);
  return new Map(rows.map((r) => [r.project, r.n]));
}
