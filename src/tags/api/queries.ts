import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagType as WireTagType } from '../../../contract/tags';
import { api } from '../../shared/api/client';
import type { Received } from '../../shared/api/received';

export type TagType = Received<WireTagType, 'name'>;

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
