import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { classicPath } from '../paths';
import { refreshFeature } from './refresh-feature';
import type { FeatureToggle } from '../types';
import type { NewFeature } from './use-create-feature';

/**
 * New form: POST api/admin/projects/{project}/features. That call takes no `enabled` (as in Unleash 4), so an
 * enabled toggle is then turned on with the classic toggle/on call.
 */
export function useCreateProjectFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ project, enabled, ...feature }: NewFeature) => {
      const created = await api.post<FeatureToggle>(
        `api/admin/projects/${encodeURIComponent(project)}/features`,
        feature,
        {
          layer: 'project',
        },
      );
      if (enabled) await api.post(`${classicPath(feature.name)}/toggle/on`);
      return created;
    },
    meta: { inlineErrors: true },
    onSuccess: () => refreshFeature(queryClient),
  });
}
