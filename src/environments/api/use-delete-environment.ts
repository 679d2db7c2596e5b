import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectsQuery } from '../../projects/api/queries';
import { environmentKeys, environmentPath } from './queries';

/**
 * DELETE api/admin/environments/{name}: it leaves the environments and every project it was enabled in (their
 * environment lists are read again). The screen shows a refusal.
 */
export function useDeleteEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(environmentPath(name)),
    meta: { inlineErrors: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: environmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey }),
      ]),
  });
}
