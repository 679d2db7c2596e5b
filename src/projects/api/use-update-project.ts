import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { Project, ProjectFormValues } from '../rules';
import { projectKeys, projectPath } from './queries';

/** PUT api/admin/projects/{id} (name and description; the id is locked); the form shows a refusal. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, description }: ProjectFormValues) =>
      api.put<Project>(projectPath(id), { name, description }),
    meta: { inlineErrors: true },
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list }),
        queryClient.invalidateQueries({ queryKey: projectKeys.one(id) }),
      ]),
  });
}
