import type { Db } from '../db/client.ts';
import { projectUsers, type users } from '../db/schema.ts';
import { appendEvent } from '../events/store.ts';

// The one write of a project role (project_users) and its audit event, shared by project access (adding a user to
// a project) and projects (the creator of a project becomes its Owner), which must not import each other.

/** A user as a grant's audit event records them (never the password hash). */
export type Grantee = Pick<typeof users.$inferSelect, 'id' | 'name' | 'username' | 'email'>;

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
 * Gives a user a role in a project, in the caller's transaction: adds them (event project-user-added) or, with the
 * role they held before, changes it (project-user-role-changed). One role per user and project.
 */
export async function writeGrant(
  tx: Db,
  actor: string,
  project: string,
  user: Grantee,
  role: GrantedRole,
  before?: GrantedRole,
): Promise<void> {
  await tx
    .insert(projectUsers)
    .values({ project, userId: user.id, roleId: role.id })
    .onConflictDoUpdate({ target: [projectUsers.project, projectUsers.userId], set: { roleId: role.id } });
  await appendEvent(tx, {
    type: before ? 'project-user-role-changed' : 'project-user-added',
    createdBy: actor,
    project,
    data: grantData(user, role),
    preData: before ? grantData(user, before) : null,
  });
}
