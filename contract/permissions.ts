import type { PermissionEntry } from './users.ts';

/** Permission names. DELETE_PROJECT is held by no root role: only ADMIN. */
export const PERMISSIONS = [
  'ADMIN',
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'CREATE_STRATEGY',
  'UPDATE_STRATEGY',
  'DELETE_STRATEGY',
  'UPDATE_APPLICATION',
  'CREATE_PROJECT',
  'UPDATE_PROJECT',
  'DELETE_PROJECT',
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
  'CREATE_SEGMENT',
  'UPDATE_SEGMENT',
  'DELETE_SEGMENT',
  'UPDATE_ENVIRONMENT',
  'DELETE_ENVIRONMENT',
  'CREATE_API_TOKEN',
  'DELETE_API_TOKEN',
  'APPROVE_CHANGE_REQUEST',
  'SKIP_CHANGE_REQUEST',
  'PROJECT_CHANGE_REQUEST_WRITE',
  'PROJECT_OWNERS_WRITE',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export type { PermissionEntry } from './users.ts';

/**
 * The one permission rule: a check passes if the caller holds ADMIN, or holds the named
 * permission for the given project, or holds the named permission when no project is asked about.
 */
export function can(held: readonly PermissionEntry[] | undefined, permission: string, project?: string): boolean {
  return (held ?? []).some(
    (p) =>
      p.permission === 'ADMIN' || (p.permission === permission && (project === undefined || p.project === project)),
  );
}

/** An admin is known once the permission list is non-empty and contains ADMIN. */
export const isAdmin = (held: readonly PermissionEntry[] | undefined) =>
  (held ?? []).some((p) => p.permission === 'ADMIN');
