import type { ProjectAccess } from '../../contract/project-access.ts';
import type { AppDeps } from '../deps.ts';
import { OWNER_ROLE, PROJECT_ROLES } from '../platform/access/roles.ts';
import { notFound } from '../platform/http/errors.ts';
import { lockGrants, projectGrants, removeGrant, requireProject, writeGrant } from '../projects/index.ts';
import { getUser, usersByIds } from '../users/index.ts';
import { assertMayChangeOwners, assertOwnerRemains, losesOwner, requireRole } from './rules.ts';
import { projectUserView } from './views.ts';

/** GET api/admin/projects/{id}/users: the project roles and who holds which, by name; 404 for an unknown project. */
export async function projectAccess(deps: AppDeps, project: string): Promise<ProjectAccess> {
  await requireProject(deps.db, project);
  const grants = await projectGrants(deps.db, project);
  const roleOf = new Map(grants.map((g) => [g.userId, g.roleId]));
  const users = await usersByIds(
    deps.db,
    grants.map((g) => g.userId),
  );
  return { roles: [...PROJECT_ROLES], users: users.map((user) => projectUserView(user, roleOf.get(user.id)!)) };
}

/** The project, the user and the role of a call, each 404 when unknown. */
async function subjects(deps: AppDeps, project: string, userId: number, roleId: number) {
  const role = requireRole(roleId);
  await requireProject(deps.db, project);
  return { role, user: await getUser(deps, userId) };
}

/** Who changes a project's access: their name, and whether they may make people Owners (PROJECT_OWNERS_WRITE). */
export interface AccessChanger {
  actor: string;
  mayChangeOwners: boolean;
}

/**
 * Gives a user a role in a project: adds them, or changes the role they hold (one role per user and project).
 * Making the last Owner a Member is a 400; making someone Owner or taking that away needs PROJECT_OWNERS_WRITE (403).
 * A repeat changes nothing and writes no event.
 */
export async function assignRole(deps: AppDeps, by: AccessChanger, project: string, userId: number, roleId: number) {
  const { role, user } = await subjects(deps, project, userId, roleId);
  await deps.db.transaction(async (tx) => {
    const { holders: owners, before } = await lockGrants(tx, project, userId, OWNER_ROLE);
    if (before?.roleId === roleId) return;
    assertMayChangeOwners(by.mayChangeOwners, project, before?.roleId, roleId);
    if (losesOwner(before?.roleId, roleId)) assertOwnerRemains(owners);
    await writeGrant(tx, by.actor, project, user, role, before && requireRole(before.roleId));
  });
}

/**
 * Takes a user's role in a project away: 404 unless they hold it; removing the last Owner is a 400, removing an Owner
 * needs PROJECT_OWNERS_WRITE (403).
 */
export async function removeRole(deps: AppDeps, by: AccessChanger, project: string, userId: number, roleId: number) {
  const { role, user } = await subjects(deps, project, userId, roleId);
  await deps.db.transaction(async (tx) => {
    const { holders: owners, before } = await lockGrants(tx, project, userId, OWNER_ROLE);
    if (before?.roleId !== roleId) {
      throw notFound(`User ${userId} does not hold the role ${role.name} in project ${project}`);
    }
    assertMayChangeOwners(by.mayChangeOwners, project, before.roleId, undefined);
    if (losesOwner(before.roleId, undefined)) assertOwnerRemains(owners);
    await removeGrant(tx, by.actor, project, user, role);
  });
}
