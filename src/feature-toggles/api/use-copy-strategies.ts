import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { useToggleMirror } from '../offline/context';
import { projectFeaturePath } from '../paths';
import { refreshFeature } from './refresh-feature';

interface Copy {
  project: string;
  feature: string;
  /** The environment the copies are appended to. */
  environment: string;
  from: string;
}

/**
 * POST .../environments/{env}/strategies/copy {from} (online): every strategy of `from` appended to `environment`;
 * the toggle is read again into the offline mirror.
 */
export function useCopyStrategies() {
  const queryClient = useQueryClient();
  const { fetchToggle } = useToggleMirror();
  return useMutation({
    mutationFn: ({ project, feature, environment, from }: Copy) =>
      api.post(
        `${projectFeaturePath(project, feature)}/environments/${encodeURIComponent(environment)}/strategies/copy`,
        { from },
        { layer: 'project' },
      ),
    meta: { inlineErrors: true },
    onSuccess: (_data, { project, feature }) => fetchToggle(project, feature),
    onSettled: (_data, _error, { feature }) => refreshFeature(queryClient, feature),
  });
}
