/**
 * The one place that decides permissions (spec part 1, section 6): a check passes if the caller holds ADMIN, or
 * holds the named permission for the given project, or holds the named permission when no project is asked about.
 */
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

const EDITOR_ROOT_PERMISSIONS = [
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
] as const;

const EDITOR_PROJECT_PERMISSIONS = ['CREATE_FEATURE', 'UPDATE_FEATURE', 'DELETE_FEATURE', 'UPDATE_PROJECT'] as const;

export type Permission =
  | 'ADMIN'
  | (typeof EDITOR_ROOT_PERMISSIONS)[number]
  | (typeof EDITOR_PROJECT_PERMISSIONS)[number]
  | 'UPDATE_ENVIRONMENT'
  | 'DELETE_ENVIRONMENT'
  /** Held by no role (only ADMIN passes): a project role may grant it later. */
  | 'DELETE_PROJECT';

/**
 * What a route needs: OPEN (no caller at all), NONE (any signed-in user or ADMIN token), CLIENT (a client or admin
 * API token: the SDK API), or a permission.
 */
export type RoutePermission = 'OPEN' | 'NONE' | 'CLIENT' | Permission;

export interface PermissionEntry {
  project: string | null;
  permission: Permission;
}

/** Expands a root role into the permission list the console reads (GET api/admin/user). */
export function permissionsFor(rootRole: number, projectIds: readonly string[]): PermissionEntry[] {
  if (rootRole === ADMIN_ROLE) return [{ project: null, permission: 'ADMIN' }];
  if (rootRole !== EDITOR_ROLE) return [];
  return [
    ...EDITOR_ROOT_PERMISSIONS.map((permission) => ({ project: null, permission })),
    ...projectIds.flatMap((project) => EDITOR_PROJECT_PERMISSIONS.map((permission) => ({ project, permission }))),
  ];
}

export function can(held: readonly PermissionEntry[], permission: Permission, project?: string): boolean {
  return held.some(
    (p) =>
      p.permission === 'ADMIN' ||
      (p.permission === permission && (project === undefined || p.project === project)),
  );
}

/** Whether a role's permissions depend on the project list (so callers can skip loading it). */
export const needsProjects = (rootRole: number) => rootRole === EDITOR_ROLE;
