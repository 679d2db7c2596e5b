import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectKeys, projectPath } from './queries';

/** POST api/admin/projects/{id}/environments: the project's toggles get the environment (off, no strategies). */
export function useEnableProjectEnvironment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environment: string) => api.post(`${projectPath(projectId)}/environments`, { environment }),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.one(projectId) }),
  });
}
