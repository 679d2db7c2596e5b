import type { ProjectRole } from '../../../contract/project-access';
import { userLabel } from '../../auth/user';

/** Texts of the access tab, verbatim. */
export const ACCESS_ERROR_TITLE = 'Error';
export const ADD_USERS_FAILED = 'Server problems when adding users.';
export const NO_USERS_FOUND = 'No users found.';

/** The role a new user gets unless another is chosen: 'Regular' if there is one, else the first. */
export const defaultRole = (roles: readonly ProjectRole[]): ProjectRole | undefined =>
  roles.find((r) => r.name.toLowerCase() === 'regular') ?? roles[0];

/** How the tab names a person: name, else e-mail, else user name (the console's rule), else their id. */
export function personLabel(user: {
  id: number;
  name: string | null;
  email: string | null;
  username: string | null;
}): string {
  const known = userLabel({
    name: user.name ?? undefined,
    email: user.email ?? undefined,
    username: user.username ?? undefined,
  });
  return known || `User ${user.id}`;
}
