import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequest } from '../../../contract/change-requests';
import { api } from '../../shared/api/client';
import type { Move } from '../rules';
import { changeRequestKeys, changeRequestPath } from './queries';

/** A move, based on the request's version as read (sent as If-Match: a request that moved on meanwhile is a 412). */
export interface MoveInput {
  state: Move;
  version: number;
  comment?: string;
  /** With Scheduled: when the server applies the request, and the window's end (ISO times). */
  scheduledAt?: string;
  revertAt?: string;
}

/**
 * PUT api/admin/projects/{p}/change-requests/{id}/state. Every read of requests is refreshed after it, refused or
 * not: a refused Apply has recorded its conflict on the request, and the header's count may have moved.
 */
export function useMoveChangeRequest(project: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...move }: MoveInput) =>
      api.put<ChangeRequest>(`${changeRequestPath(project, id)}/state`, move, {
        headers: { 'If-Match': `"${version}"` },
      }),
    meta: { inlineErrors: true },
    onSuccess: (request) => queryClient.setQueryData(changeRequestKeys.one(project, id), request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: changeRequestKeys.all }),
  });
}
