import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToggleMirror } from '../offline/context';
import { api } from '../../shared/api/client';
import { projectFeaturePath } from '../paths';
import { DEFAULT_PROJECT } from '../../projects/api/queries';
import { refreshFeature } from './refresh-feature';
import type { FeatureToggle } from '../types';

interface Update {
  feature: Pick<FeatureToggle, 'name' | 'project'>;
  changes: { description?: string; type?: string };
}

/** PATCH of a toggle's description or type (online); the answer's version goes to the offline mirror. */
export function useUpdateFeature() {
  const queryClient = useQueryClient();
  const { noteVersion } = useToggleMirror();
  return useMutation({
    mutationFn: async ({ feature, changes }: Update) => {
      const answer = await api.send(
        'PATCH',
        projectFeaturePath(feature.project ?? DEFAULT_PROJECT, feature.name),
        Object.entries(changes).map(([key, value]) => ({ op: 'replace', path: `/${key}`, value })),
        { layer: 'project' },
      );
      noteVersion(feature.name, answer.etag);
    },
    onSettled: (_d, _e, { feature }) => refreshFeature(queryClient, feature.name),
  });
}
