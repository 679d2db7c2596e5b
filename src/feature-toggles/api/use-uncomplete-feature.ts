import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectFeaturePath } from '../paths';
import { afterLifecycleChange, type LifecycleOf } from './use-complete-feature';

/** POST .../lifecycle/uncomplete (online only): the completed stage is taken back. */
export function useUncompleteFeature(of: LifecycleOf) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`${projectFeaturePath(of.project, of.name)}/lifecycle/uncomplete`, undefined, { layer: 'project' }),
    meta: { inlineErrors: true },
    onSuccess: () => afterLifecycleChange(queryClient, of),
  });
}
