import { PERMISSIONS, type Permission, type PermissionEntry } from '../../../contract/permissions.ts';
import { MEMBER_ROLE, OWNER_ROLE } from '../../../contract/project-access.ts';

/** The root roles and the permissions each expands to; `can()` in contract/ checks them. */
export const ROOT_ROLES = [
  {
    id: 2,
    name: 'Editor',
    type: 'root',
    project: null,
    description:
      'Users with the editor role have access to most features in Unleash, but can not manage users and roles in the global scope. Editors will be added as project owner when creating projects and get superuser rights within the context of these projects.',
  },
  {
    id: 1,
    name: 'Admin',
    type: 'root',
    project: null,
    description:
      'Users with the global admin role have superuser access to Unleash and can perform any operation within the unleash platform.',
  },
  {
    id: 3,
    name: 'Viewer',
    type: 'root',
    project: null,
    description:
      'Users with this role can only read root resources in Unleash. The viewer can be added to specific projects as project member.',
  },
] as const;

export const ADMIN_ROLE = 1;
export const EDITOR_ROLE = 2;
export { MEMBER_ROLE, OWNER_ROLE } from '../../../contract/project-access.ts';

/**
 * The project roles (Unleash 4's ids and texts), least privileged first: the console's default for a new user is
 * the first role. A user holds at most one of them per project (project-access/).
 */
export const PROJECT_ROLES = [
  {
    id: MEMBER_ROLE,
    name: 'Member',
    type: 'project',
    description: 'Users with this role can create, edit and delete feature toggles within the project.',
  },
  {
    id: OWNER_ROLE,
    name: 'Owner',
    type: 'project',
    description:
      'Users with this role have full control over the project, and can add and manage other users within the project context and manage feature toggles within the project.',
  },
] as const;

/** A project role a user holds. */
export interface ProjectRoleGrant {
  project: string;
  roleId: number;
}

const MEMBER_PERMISSIONS: readonly Permission[] = ['CREATE_FEATURE', 'UPDATE_FEATURE', 'DELETE_FEATURE'];

/**
 * What an Editor holds in every project and an Owner in theirs: the toggles, the project and its access, and approving
 * change requests (never one's own: the change-request rule refuses it).
 */
const OWNER_PERMISSIONS: readonly Permission[] = [...MEMBER_PERMISSIONS, 'UPDATE_PROJECT', 'APPROVE_CHANGE_REQUEST'];

/**
 * What only the project's Owners (and Admins) hold, Editors included only where they are Owners: requiring approvals
 * in the project's environments, and making people Owners or taking that away (else anyone who manages the project's
 * access could make themselves Owner and lift the approvals).
 */
const OWNER_ONLY_PERMISSIONS: readonly Permission[] = ['PROJECT_CHANGE_REQUEST_WRITE', 'PROJECT_OWNERS_WRITE'];

/**
 * What only an Admin holds: deleting projects, environments and API tokens, and changing an environment that takes
 * changes through change requests directly (the emergency path, audited as a bypass).
 */
const ADMIN_ONLY_PERMISSIONS: readonly Permission[] = [
  'ADMIN',
  'SKIP_CHANGE_REQUEST',
  'DELETE_PROJECT',
  'UPDATE_ENVIRONMENT',
  'DELETE_ENVIRONMENT',
  'CREATE_API_TOKEN',
  'DELETE_API_TOKEN',
];

/** An Editor holds every other permission instance-wide, except those held per project (by role or as Editor). */
const EDITOR_ROOT_PERMISSIONS = PERMISSIONS.filter(
  (permission) =>
    !ADMIN_ONLY_PERMISSIONS.includes(permission) &&
    !OWNER_PERMISSIONS.includes(permission) &&
    !OWNER_ONLY_PERMISSIONS.includes(permission),
);

const projectPermissions = (project: string, held: readonly Permission[]) =>
  held.map((permission) => ({ project, permission }));

/** The permissions a project role gives in its project. */
const roleGrants = ({ project, roleId }: ProjectRoleGrant) =>
  projectPermissions(
    project,
    roleId === OWNER_ROLE ? [...OWNER_PERMISSIONS, ...OWNER_ONLY_PERMISSIONS] : MEMBER_PERMISSIONS,
  );

/**
 * Expands a root role and the project roles a user holds into the permission list the console reads (GET
 * api/admin/user). An Editor holds the Owner's permissions in every project already, so their project roles add only
 * what Owners alone hold; a Viewer holds only what their project roles give, in those projects.
 */
export function permissionsFor(
  rootRole: number,
  projectIds: readonly string[],
  projectRoles: readonly ProjectRoleGrant[] = [],
): PermissionEntry[] {
  if (rootRole === ADMIN_ROLE) return [{ project: null, permission: 'ADMIN' }];
  if (rootRole === EDITOR_ROLE) {
    return [
      ...EDITOR_ROOT_PERMISSIONS.map((permission) => ({ project: null, permission })),
      ...projectIds.flatMap((project) => projectPermissions(project, OWNER_PERMISSIONS)),
      ...projectRoles
        .filter((grant) => grant.roleId === OWNER_ROLE)
        .flatMap(({ project }) => projectPermissions(project, OWNER_ONLY_PERMISSIONS)),
    ];
  }
  return projectRoles.flatMap(roleGrants);
}

/** Whether a role's permissions depend on the project list (so callers can skip loading it). */
export const needsProjects = (rootRole: number) => rootRole === EDITOR_ROLE;

/** Whether a role's permissions depend on the user's project roles (an Admin holds every permission already). */
export const needsProjectRoles = (rootRole: number) => rootRole !== ADMIN_ROLE;

export const isProjectRole = (roleId: number) => PROJECT_ROLES.some((r) => r.id === roleId);
