import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectKeys, projectPath } from './queries';

/** DELETE api/admin/projects/{id}/environments/{env}: refused for the project's last environment. */
export function useDisableProjectEnvironment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environment: string) =>
      api.delete(`${projectPath(projectId)}/environments/${encodeURIComponent(environment)}`),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.one(projectId) }),
  });
}
