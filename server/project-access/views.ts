import type { ProjectUser } from '../../contract/project-access.ts';
import type { UserRow } from '../users/index.ts';

/** A user of the access list; `imageUrl` is empty, as everywhere (the console draws avatars itself). */
export const projectUserView = (user: UserRow, roleId: number): ProjectUser => ({
  id: user.id,
  name: user.name,
  username: user.username,
  email: user.email,
  roleId,
  imageUrl: '',
});
