import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { SegmentBody } from '../rules';
import { segmentKeys, segmentPath } from './queries';

/** PUT api/admin/segments/{id}; the form shows a refusal. */
export function useUpdateSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SegmentBody }) => api.put(segmentPath(id), body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}
