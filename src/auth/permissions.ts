import { can, type Permission, type PermissionEntry } from '../../contract/permissions';
import { useSession } from './user';

export const NO_ACCESS_MESSAGE = "You don't have access to perform this operation";
/** Why a write that needs the server (not the offline queue) is disabled while offline. */
export const OFFLINE_SAVE_MESSAGE =
  'You are offline. This can be saved once the connection is back; what you typed is kept.';

/** Projects where the user holds some project-level permission; every project for admins. */
export function accessibleProjects<T extends { id: string }>(
  permissions: PermissionEntry[] | undefined,
  projects: T[],
): T[] {
  const list = permissions ?? [];
  if (list.some((p) => p.permission === 'ADMIN')) return projects;
  const ids = new Set(list.filter((p) => p.project).map((p) => p.project));
  return projects.filter((project) => ids.has(project.id));
}

/** The permission rule (`can` of contract/permissions.ts) bound to the session's permission list. */
export function useHasAccess(): (permission: Permission, project?: string) => boolean {
  const permissions = useSession().data?.permissions;
  return (permission, project) => can(permissions, permission, project);
}
