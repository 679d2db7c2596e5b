import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { classicPath } from '../paths';
import { featureKeys } from './queries';
import { refreshFeature } from './refresh-feature';

/** DELETE api/admin/features/{name}: the toggle goes to the archive; the dialog shows a refusal (children). */
export function useArchiveFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(classicPath(name)),
    meta: { inlineErrors: true },
    onSuccess: (_d, name) => {
      queryClient.removeQueries({ queryKey: featureKeys.one(name) });
      return refreshFeature(queryClient);
    },
  });
}
