import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { SegmentBody } from '../rules';
import { segmentKeys, type Segment } from './queries';

/** POST api/admin/segments (answers the created segment); the form shows a refusal. */
export function useCreateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SegmentBody) => api.post<Segment>('api/admin/segments', body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}
