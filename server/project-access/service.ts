import type { ProjectAccess } from '../../contract/project-access.ts';
import type { AppDeps } from '../deps.ts';
import { grantData, writeGrant } from '../platform/access/project-grants.ts';
import { OWNER_ROLE, PROJECT_ROLES } from '../platform/access/roles.ts';
import { appendEvent } from '../platform/events/store.ts';
import { notFound } from '../platform/http/errors.ts';
import { requireProject } from '../projects/index.ts';
import { getUser } from '../users/index.ts';
import { assertOwnerRemains, losesOwner, requireRole } from './rules.ts';
import { deleteGrant, listProjectUsers, lockAndCountRole, lockGrant } from './store.ts';
import { projectUserView } from './views.ts';

/** GET api/admin/projects/{id}/users: the project roles and who holds which; 404 for an unknown project. */
export async function projectAccess(deps: AppDeps, project: string): Promise<ProjectAccess> {
  await requireProject(deps.db, project);
  const users = await listProjectUsers(deps.db, project);
  return { roles: [...PROJECT_ROLES], users: users.map(projectUserView) };
}

/** The project, the user and the role of a call, each 404 when unknown. */
async function subjects(deps: AppDeps, project: string, userId: number, roleId: number) {
  const role = requireRole(roleId);
  await requireProject(deps.db, project);
  return { role, user: await getUser(deps, userId) };
}

/**
 * Gives a user a role in a project: adds them, or changes the role they hold (one role per user and project).
 * Making the last Owner a Member is a 400. A repeat changes nothing and writes no event.
 */
export async function assignRole(deps: AppDeps, actor: string, project: string, userId: number, roleId: number) {
  const { role, user } = await subjects(deps, project, userId, roleId);
  await deps.db.transaction(async (tx) => {
    // The owners first, then the user: every call locks in this order.
    const owners = await lockAndCountRole(tx, project, OWNER_ROLE);
    const before = await lockGrant(tx, project, userId);
    if (before?.roleId === roleId) return;
    if (losesOwner(before?.roleId, roleId)) assertOwnerRemains(owners);
    await writeGrant(tx, actor, project, user, role, before && requireRole(before.roleId));
  });
}

/** Takes a user's role in a project away: 404 unless they hold it; removing the last Owner is a 400. */
export async function removeRole(deps: AppDeps, actor: string, project: string, userId: number, roleId: number) {
  const { role, user } = await subjects(deps, project, userId, roleId);
  await deps.db.transaction(async (tx) => {
    const owners = await lockAndCountRole(tx, project, OWNER_ROLE);
    const before = await lockGrant(tx, project, userId);
    if (before?.roleId !== roleId) {
      throw notFound(`User ${userId} does not hold the role ${role.name} in project ${project}`);
    }
    if (losesOwner(before.roleId, undefined)) assertOwnerRemains(owners);
    await deleteGrant(tx, project, userId);
    await appendEvent(tx, { type: 'project-user-removed', createdBy: actor, project, preData: grantData(user, role) });
  });
}
