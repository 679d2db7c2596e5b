import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQuery } from '../../../auth/user';
import type { ProjectAccess } from '../../../../contract/project-access';
import { api } from '../../../shared/api/client';
import { projectsQuery } from '../../api/queries';
import { projectAccessKeys, projectUserRolePath } from './queries';

/**
 * Gives a user a role in a project: adds the user, or changes the role they hold (online only). The tab shows a
 * refusal in its Error dialog; the session is read again, as the caller's own permissions may have changed.
 */
export function useAssignProjectRole(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleId }: { userId: number; roleId: number }) =>
      api.post(projectUserRolePath(projectId, userId, roleId)),
    meta: { inlineErrors: true },
    // The row holds the new role at once: a Remove right after it names the role the user now holds.
    onSuccess: (_answer, { userId, roleId }) =>
      queryClient.setQueryData<ProjectAccess>(
        projectAccessKeys.users(projectId),
        (access) =>
          access && { ...access, users: access.users.map((user) => (user.id === userId ? { ...user, roleId } : user)) },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectAccessKeys.users(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: userQuery.queryKey }),
      ]),
  });
}
