import type { Permission, PermissionEntry } from '../../../contract/permissions.ts';

/** The root roles (spec part 1, section 6) and the permissions each expands to; `can()` in contract/ checks them. */
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

const EDITOR_ROOT_PERMISSIONS: readonly Permission[] = [
  'CREATE_STRATEGY',
  'UPDATE_STRATEGY',
  'DELETE_STRATEGY',
  'UPDATE_APPLICATION',
  'CREATE_PROJECT',
  'CREATE_TAG_TYPE',
  'UPDATE_TAG_TYPE',
  'DELETE_TAG_TYPE',
  'CREATE_TAG',
  'DELETE_TAG',
  'CREATE_ADDON',
  'UPDATE_ADDON',
  'DELETE_ADDON',
  'CREATE_CONTEXT_FIELD',
  'UPDATE_CONTEXT_FIELD',
  'DELETE_CONTEXT_FIELD',
];

const EDITOR_PROJECT_PERMISSIONS: readonly Permission[] = [
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'UPDATE_PROJECT',
];

/** Expands a root role into the permission list the console reads (GET api/admin/user). */
export function permissionsFor(rootRole: number, projectIds: readonly string[]): PermissionEntry[] {
  if (rootRole === ADMIN_ROLE) return [{ project: null, permission: 'ADMIN' }];
  if (rootRole !== EDITOR_ROLE) return [];
  return [
    ...EDITOR_ROOT_PERMISSIONS.map((permission) => ({ project: null, permission })),
    ...projectIds.flatMap((project) => EDITOR_PROJECT_PERMISSIONS.map((permission) => ({ project, permission }))),
  ];
}

/** Whether a role's permissions depend on the project list (so callers can skip loading it). */
export const needsProjects = (rootRole: number) => rootRole === EDITOR_ROLE;
