import type { ProjectUser } from '../../contract/project-access.ts';
import type { UserRow } from '../users/index.ts';
import type { ProjectUserRow } from './store.ts';

/** A user of the access list; `imageUrl` is empty, as everywhere (the console draws avatars itself). */
export const projectUserView = (row: ProjectUserRow): ProjectUser => ({ ...row, imageUrl: '' });

/** What an audit event records about a user's project role (never the password hash). */
export const grantData = (user: UserRow, role: { id: number; name: string }) => ({
  userId: user.id,
  name: user.name,
  username: user.username,
  email: user.email,
  roleId: role.id,
  roleName: role.name,
});
