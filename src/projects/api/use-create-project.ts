import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { Project, ProjectFormValues } from '../rules';
import { projectKeys } from './queries';

/** POST api/admin/projects; the form shows a refusal. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: ProjectFormValues) => api.post<Project>('api/admin/projects', project),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.list }),
  });
}
