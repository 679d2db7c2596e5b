/** Project access: the project's users and roles, and the user search (writes: one use-<verb>-<thing>.ts each). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectAccess, UserSearchResult } from '../../../../contract/project-access';
import { api } from '../../../shared/api/client';

export const projectAccessKeys = {
  users: (projectId: string) => ['projects', projectId, 'users'] as const,
  search: (q: string) => ['user-search', q] as const,
};

/** The API path of a project's users. */
export const projectUsersPath = (projectId: string) => `api/admin/projects/${encodeURIComponent(projectId)}/users`;

/** The API path of one user's role in a project. */
export const projectUserRolePath = (projectId: string, userId: number, roleId: number) =>
  `${projectUsersPath(projectId)}/${userId}/roles/${roleId}`;

export const projectAccessQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectAccessKeys.users(projectId),
    queryFn: () => api.get<ProjectAccess>(projectUsersPath(projectId)),
  });

export function useProjectAccess(projectId: string) {
  return useQuery(projectAccessQuery(projectId));
}

/** The user search starts at this many characters. */
export const SEARCH_MIN_CHARS = 2;

/**
 * Users whose name, user name or e-mail contain `q`; no error handling. Only asked when the
 * caller `may` search (the server answers 403 otherwise).
 */
export function useUserSearch(q: string, may: boolean) {
  const query = q.trim();
  return useQuery({
    queryKey: projectAccessKeys.search(query),
    queryFn: () => api.get<UserSearchResult[]>(`api/admin/user-admin/search?q=${encodeURIComponent(query)}`),
    enabled: may && query.length >= SEARCH_MIN_CHARS,
    meta: { inlineErrors: true },
    staleTime: 10_000,
  });
}
