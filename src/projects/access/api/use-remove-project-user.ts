import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQuery } from '../../../auth/user';
import { api } from '../../../shared/api/client';
import { projectsQuery } from '../../api/queries';
import { projectAccessKeys, projectUserRolePath } from './queries';

/** Takes a user's role in a project away (online only); the tab shows a refusal in its Error dialog. */
export function useRemoveProjectUser(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleId }: { userId: number; roleId: number }) =>
      api.delete(projectUserRolePath(projectId, userId, roleId)),
    meta: { inlineErrors: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectAccessKeys.users(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: userQuery.queryKey }),
      ]),
  });
}
