import type { ProjectRoleGrant } from '../platform/access/roles.ts';
import type { Db } from '../platform/db/client.ts';
import { grantsOf, memberCounts } from './store.ts';

export { memberCounts };

/** The project roles a user holds: the access check gives a Viewer their permissions in those projects. */
export const projectRolesOf = (db: Db, userId: number): Promise<ProjectRoleGrant[]> => grantsOf(db, userId);

/** How many users hold a role in the project (its memberCount). */
export async function memberCount(db: Db, project: string): Promise<number> {
  return (await memberCounts(db, [project])).get(project) ?? 0;
}
