import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectFeaturePath } from '../paths';
import { DEFAULT_PROJECT } from '../../projects/api/queries';
import { refreshFeature } from './refresh-feature';
import type { FeatureToggle } from '../types';

/** Moves a toggle to another project; the screen shows a refusal. */
export function useChangeProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      feature,
      newProjectId,
    }: {
      feature: Pick<FeatureToggle, 'name' | 'project'>;
      newProjectId: string;
    }) =>
      api.post(`${projectFeaturePath(feature.project ?? DEFAULT_PROJECT, feature.name)}/changeProject`, {
        newProjectId,
      }),
    meta: { inlineErrors: true },
    onSettled: (_d, _e, { feature }) => refreshFeature(queryClient, feature.name),
  });
}
