import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { TagTypeValues } from '../rules';
import { tagKeys, tagTypePath } from './queries';

/** PUT api/admin/tag-types/{name} (the name never changes); the form shows a refusal. */
export function useUpdateTagType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagType: TagTypeValues) => api.put(tagTypePath(tagType.name), tagType),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.types }),
  });
}
