import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** A toggle as GET api/admin/features lists it; later issues read more fields. */
export interface FeatureToggle {
  name: string;
  description?: string;
  type?: string;
  project?: string;
  enabled?: boolean;
  stale?: boolean;
  createdAt?: string;
  lastSeenAt?: string | null;
}

export const featuresQuery = queryOptions({
  queryKey: ['features'],
  queryFn: () => api.get<{ version?: number; features: FeatureToggle[] }>('api/admin/features'),
  select: (data) => [...data.features].sort((a, b) => a.name.localeCompare(b.name)),
});

export function useFeatures() {
  return useQuery(featuresQuery);
}
