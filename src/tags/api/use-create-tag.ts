import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '../../../contract/tags';
import { api } from '../../shared/api/client';
import { tagKeys } from './queries';

/** POST api/admin/tags; the form shows a refusal. */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Tag) => api.post('api/admin/tags', tag),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.tags }),
  });
}
