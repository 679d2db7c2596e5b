import { changesOwners } from '../../contract/project-access.ts';
import { OWNER_ROLE, PROJECT_ROLES } from '../platform/access/roles.ts';
import { ApiError, noAccess, notFound } from '../platform/http/errors.ts';

/** The project role of that id, or 404. */
export function requireRole(roleId: number) {
  const role = PROJECT_ROLES.find((r) => r.id === roleId);
  if (!role) throw notFound(`Could not find project role with id ${roleId}`);
  return role;
}

/** Whether going from one role to another (undefined: none) takes an Owner away. */
export const losesOwner = (roleBefore: number | undefined, roleAfter: number | undefined) =>
  roleBefore === OWNER_ROLE && roleAfter !== OWNER_ROLE;

/** Unleash's ProjectWithoutOwnerError (400): the last Owner can be neither removed nor made a Member. */
export function assertOwnerRemains(owners: number) {
  if (owners <= 1) throw new ApiError(400, 'ProjectWithoutOwnerError', 'A project must have at least one owner');
}

/** A change of roles (undefined: none) that makes someone Owner or takes that away needs PROJECT_OWNERS_WRITE. */
export function assertMayChangeOwners(
  mayChangeOwners: boolean,
  project: string,
  roleBefore: number | undefined,
  roleAfter: number | undefined,
) {
  if (mayChangeOwners || !changesOwners(roleBefore, roleAfter)) return;
  throw noAccess(
    `Only an Owner of project ${project} or an Admin may make someone its Owner or take that away`,
    'PROJECT_OWNERS_WRITE',
  );
}
