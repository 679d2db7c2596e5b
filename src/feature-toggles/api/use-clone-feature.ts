import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { projectFeaturePath } from '../paths';
import { refreshFeature } from './refresh-feature';
import type { FeatureToggle } from '../types';

interface Clone {
  project: string;
  name: string;
  newName: string;
  replaceGroupId: boolean;
}

/** Copies a toggle under a new name; the form shows a refusal. */
export function useCloneFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, name, newName, replaceGroupId }: Clone) =>
      api.post<FeatureToggle>(
        `${projectFeaturePath(project, name)}/clone`,
        { name: newName, replaceGroupId },
        { layer: 'project' },
      ),
    meta: { inlineErrors: true },
    onSuccess: () => refreshFeature(queryClient),
  });
}
