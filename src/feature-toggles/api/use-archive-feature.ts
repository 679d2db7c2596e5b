import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectKeys } from '../../projects/api/queries';
import { classicPath } from '../paths';
import { featureKeys } from './queries';
import { refreshFeature } from './refresh-feature';

/**
 * DELETE api/admin/features/{name}: the toggle goes to the archive (and leaves its project's reads); the dialog shows a
 * refusal (children).
 */
export function useArchiveFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(classicPath(name)),
    meta: { inlineErrors: true },
    onSuccess: (_d, name) => {
      queryClient.removeQueries({ queryKey: featureKeys.one(name) });
      return Promise.all([refreshFeature(queryClient), queryClient.invalidateQueries({ queryKey: projectKeys.reads })]);
    },
  });
}
