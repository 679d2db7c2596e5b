/** Segments: the read (persisted for offline use); the writes, online only: one use-<verb>-segment.ts each. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Segment } from '../../../contract/segments';
import { api } from '../../shared/api/client';

export type { Segment };

export const segmentKeys = { all: ['segments'] as const };

/** GET api/admin/segments: every segment (global ones and those of a project). */
export const segmentsQuery = queryOptions({
  queryKey: segmentKeys.all,
  queryFn: async () => (await api.get<{ segments: Segment[] }>('api/admin/segments')).segments,
  staleTime: 60_000,
});

export function useSegments() {
  return useQuery(segmentsQuery);
}

/** The API path of one segment. */
export const segmentPath = (id: number) => `api/admin/segments/${id}`;
