import { useSession, ADMIN, type Permission } from './user';

/** Permission names of part 1 section 6 that the toggle screens check. */
export const CREATE_FEATURE = 'CREATE_FEATURE';
export const UPDATE_FEATURE = 'UPDATE_FEATURE';
export const DELETE_FEATURE = 'DELETE_FEATURE';
/** The strategy-definition screens. */
export const CREATE_STRATEGY = 'CREATE_STRATEGY';
export const UPDATE_STRATEGY = 'UPDATE_STRATEGY';
export const DELETE_STRATEGY = 'DELETE_STRATEGY';

export const NO_ACCESS_MESSAGE = "You don't have access to perform this operation";

/**
 * The one permission rule (part 1 section 6): a check passes if the user holds ADMIN, or holds the named
 * permission for the given project, or holds the named permission when no project is asked about.
 */
export function hasAccess(permissions: Permission[] | undefined, permission: string, project?: string): boolean {
  return (permissions ?? []).some(
    (p) => p.permission === ADMIN || (p.permission === permission && (project === undefined || p.project === project)),
  );
}

/** Projects where the user holds some project-level permission; every project for admins. */
export function accessibleProjects<T extends { id: string }>(permissions: Permission[] | undefined, projects: T[]): T[] {
  const list = permissions ?? [];
  if (list.some((p) => p.permission === ADMIN)) return projects;
  const ids = new Set(list.filter((p) => p.project).map((p) => p.project));
  return projects.filter((project) => ids.has(project.id));
}

/** `hasAccess` bound to the session's permission list. */
export function useHasAccess(): (permission: string, project?: string) => boolean {
  const permissions = useSession().data?.permissions;
  return (permission, project) => hasAccess(permissions, permission, project);
}
