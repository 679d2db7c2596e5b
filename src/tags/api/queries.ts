/** Tag types and tags: the reads (the writes, online only: one use-<verb>-<thing>.ts each). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '../../../contract/tags';
import { api } from '../../shared/api/client';
import type { TagType } from '../rules';

export const tagKeys = {
  types: ['tag-types'] as const,
  tags: ['tags'] as const,
  /** Every toggle's tags, beside the toggles' other reads under ['features']: a deleted tag leaves them too. */
  toggleTags: ['features', 'tags'] as const,
  /** One toggle's tags (GET api/admin/features/{name}/tags). */
  ofToggle: (name: string) => ['features', 'tags', name] as const,
};

/** GET api/admin/tag-types (reference data the offline mirror keeps). */
export const tagTypesQuery = queryOptions({
  queryKey: tagKeys.types,
  queryFn: async () => (await api.get<{ tagTypes: TagType[] }>('api/admin/tag-types')).tagTypes,
  staleTime: 60_000,
});

export function useTagTypes() {
  return useQuery(tagTypesQuery);
}

/** GET api/admin/tags: every tag, by type then value. */
export const tagsQuery = queryOptions({
  queryKey: tagKeys.tags,
  queryFn: async () => (await api.get<{ tags: Tag[] }>('api/admin/tags')).tags,
});

export function useTags() {
  return useQuery(tagsQuery);
}

/** The API path of one tag type. */
export const tagTypePath = (name: string) => `api/admin/tag-types/${encodeURIComponent(name)}`;
