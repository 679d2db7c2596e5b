import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { segmentKeys, segmentPath } from './queries';

/** DELETE api/admin/segments/{id}; the confirmation shows a refusal (a segment still in use is refused). */
export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(segmentPath(id)),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}
