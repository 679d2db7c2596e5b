import type { UserRow } from '../users/index.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { deleteGrant, lockAndCountRole, lockGrant, upsertGrant, type GrantRow } from './store.ts';

// The roles users hold in projects (Owner, Member: platform/access/roles.ts), changed in the caller's transaction:
// by project access (a user given a role or losing it) and by projects (the creator of a project becomes its Owner).

/** A user as a grant's audit event records them (never the password hash). */
export type Grantee = Pick<UserRow, 'id' | 'name' | 'username' | 'email'>;

/** A project role (platform/access/roles.ts PROJECT_ROLES). */
export interface GrantedRole {
  id: number;
  name: string;
}

/** What an audit event records about a user's project role. */
export const grantData = (user: Grantee, role: GrantedRole) => ({
  userId: user.id,
  name: user.name,
  username: user.username,
  email: user.email,
  roleId: role.id,
  roleName: role.name,
});

/**
 * Locks what a change of a user's role in a project reads, in the order every such change takes: the holders of
 * `countedRole` (counted: the last Owner must remain), then the user's own role (undefined: none).
 */
export async function lockGrants(tx: Db, project: string, userId: number, countedRole: number) {
  const holders = await lockAndCountRole(tx, project, countedRole);
  const before: GrantRow | undefined = await lockGrant(tx, project, userId);
  return { holders, before };
}

/**
 * Gives a user a role in a project: adds them (event project-user-added) or, with the role they held before,
 * changes it (project-user-role-changed). One role per user and project.
 */
export async function writeGrant(
  tx: Db,
  actor: string,
  project: string,
  user: Grantee,
  role: GrantedRole,
  before?: GrantedRole,
): Promise<void> {
  await upsertGrant(tx, project, user.id, role.id);
  await appendEvent(tx, {
    type: before ? 'project-user-role-changed' : 'project-user-added',
    createdBy: actor,
    project,
    data: grantData(user, role),
    preData: before ? grantData(user, before) : null,
  });
}

/** Takes a user's role in a project away (event project-user-removed). */
export async function removeGrant(tx: Db, actor: string, project: string, user: Grantee, role: GrantedRole) {
  await deleteGrant(tx, project, user.id);
  await appendEvent(tx, { type: 'project-user-removed', createdBy: actor, project, preData: grantData(user, role) });
}
