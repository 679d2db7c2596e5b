import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CompleteInput } from '../../../contract/lifecycle';
import { api } from '../../shared/api/client';
import { projectKeys } from '../../projects/api/queries';
import { projectFeaturePath } from '../paths';
import { featureKeys } from './queries';

/** Whose lifecycle: the toggle's project and name. */
export interface LifecycleOf {
  project: string;
  name: string;
}

/**
 * POST .../lifecycle/complete (online only): the toggle is completed, kept (with the value kept, say a variant) or
 * discarded. Its lifecycle, its project's reads (the stage column, the Health tab) and the event log are read again.
 */
export function useCompleteFeature({ project, name }: LifecycleOf) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteInput) =>
      api.post(`${projectFeaturePath(project, name)}/lifecycle/complete`, input, { layer: 'project' }),
    meta: { inlineErrors: true },
    onSuccess: () => afterLifecycleChange(queryClient, { project, name }),
  });
}

/** What a lifecycle change makes stale: the toggle's lifecycle, its project's reads and the event log. */
export const afterLifecycleChange = (queryClient: QueryClient, { project, name }: LifecycleOf) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: featureKeys.lifecycle(project, name) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.one(project) }),
    queryClient.invalidateQueries({ queryKey: ['events'] }),
  ]);
