import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { TagTypeValues } from '../rules';
import { tagKeys } from './queries';

/** POST api/admin/tag-types; the form shows a refusal. */
export function useCreateTagType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagType: TagTypeValues) => api.post('api/admin/tag-types', tagType),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.types }),
  });
}
