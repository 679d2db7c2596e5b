import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { FeatureToggle } from '../../feature-toggles/api/types';

export const archiveQuery = queryOptions({
  queryKey: ['archive'],
  queryFn: async () =>
    (await api.get<{ features: FeatureToggle[] }>('api/admin/archive/features')).features.map((f) => ({
      ...f,
      archived: true,
    })),
});

export function useArchive(enabled = true) {
  return useQuery({ ...archiveQuery, enabled });
}
