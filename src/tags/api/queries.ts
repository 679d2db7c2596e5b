import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export interface Tag {
  type: string;
  value: string;
}

export interface TagType {
  name: string;
  description?: string;
  icon?: string;
}

export const DEFAULT_TAG_TYPE = 'simple';

/** GET api/admin/tag-types (reference data the offline mirror keeps). */
export const tagTypesQuery = queryOptions({
  queryKey: ['tag-types'],
  queryFn: async () => (await api.get<{ tagTypes: TagType[] }>('api/admin/tag-types')).tagTypes,
  staleTime: 60_000,
});

export function useTagTypes() {
  return useQuery(tagTypesQuery);
}
