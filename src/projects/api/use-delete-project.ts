import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectKeys, projectPath } from './queries';

/** DELETE api/admin/projects/{id}; the screen shows a failure as an error toast with its text. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(projectPath(id)),
    meta: { inlineErrors: true },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: projectKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.list });
    },
  });
}
