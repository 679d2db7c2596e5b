import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequest } from '../../../contract/change-requests';
import { api } from '../../shared/api/client';
import { changeRequestKeys, changeRequestPath } from './queries';

/** POST api/admin/projects/{p}/change-requests/{id}/comments; answers the request with the comment. */
export function useCommentChangeRequest(project: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<ChangeRequest>(`${changeRequestPath(project, id)}/comments`, { text }),
    meta: { inlineErrors: true },
    onSuccess: (request) => queryClient.setQueryData(changeRequestKeys.one(project, id), request),
  });
}
