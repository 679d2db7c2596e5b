import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeRequest, ChangeRequestConfig, ChangeRequestState } from '../../../contract/change-requests';
import { api } from '../../shared/api/client';
import { projectPath } from '../../projects/api/queries';

/**
 * Query keys of change requests: every read sits under ['change-requests'], so one invalidation (a write, or the
 * live stream telling of a change) refreshes the lists, the open request and the header's count together.
 */
export const changeRequestKeys = {
  all: ['change-requests'] as const,
  config: (project: string) => ['change-requests', 'config', project] as const,
  list: (project: string, state?: ChangeRequestState) => ['change-requests', 'list', project, state ?? 'all'] as const,
  one: (project: string, id: number) => ['change-requests', 'one', project, id] as const,
  awaitingMe: ['change-requests', 'awaiting-me'] as const,
};

export const changeRequestsPath = (project: string) => `${projectPath(project)}/change-requests`;
export const changeRequestPath = (project: string, id: number) => `${changeRequestsPath(project)}/${id}`;

/** Each environment of the project: whether it takes changes through requests, and the approvals it needs. */
export const changeRequestConfigQuery = (project: string) =>
  queryOptions({
    queryKey: changeRequestKeys.config(project),
    queryFn: () => api.get<ChangeRequestConfig[]>(`${changeRequestsPath(project)}/config`),
    staleTime: 60_000,
  });

/** The project's requests, newest first (optionally those in one state). */
export const changeRequestsQuery = (project: string, state?: ChangeRequestState) =>
  queryOptions({
    queryKey: changeRequestKeys.list(project, state),
    queryFn: async () =>
      newestFirst(
        await api.get<ChangeRequest[]>(
          changeRequestsPath(project) + (state ? `?state=${encodeURIComponent(state)}` : ''),
        ),
      ),
    meta: { inlineErrors: true },
  });

export const changeRequestQuery = (project: string, id: number) =>
  queryOptions({
    queryKey: changeRequestKeys.one(project, id),
    queryFn: () => api.get<ChangeRequest>(changeRequestPath(project, id)),
    meta: { inlineErrors: true },
    retry: false,
  });

/** The requests in review that the signed-in person may approve and has not (any project). */
export const awaitingMeQuery = queryOptions({
  queryKey: changeRequestKeys.awaitingMe,
  queryFn: async () => newestFirst(await api.get<ChangeRequest[]>('api/admin/change-requests/awaiting-me')),
  meta: { inlineErrors: true },
});

const newestFirst = (requests: ChangeRequest[]) => [...requests].sort((a, b) => b.id - a.id);

export function useChangeRequestConfig(project: string, enabled = true) {
  return useQuery({ ...changeRequestConfigQuery(project), enabled });
}

export function useChangeRequests(project: string, state?: ChangeRequestState) {
  return useQuery(changeRequestsQuery(project, state));
}

export function useChangeRequest(project: string, id: number) {
  return useQuery(changeRequestQuery(project, id));
}

export function useAwaitingMe(enabled = true) {
  return useQuery({ ...awaitingMeQuery, enabled });
}
