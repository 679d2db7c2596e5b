import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '../../../contract/tags';
import { api } from '../../shared/api/client';
import { tagKeys } from './queries';

const enc = encodeURIComponent;

/** DELETE api/admin/tags/{type}/{value}: the tag goes from the toggles that had it too. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Tag) => api.delete(`api/admin/tags/${enc(tag.type)}/${enc(tag.value)}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.tags }),
        queryClient.invalidateQueries({ queryKey: tagKeys.toggleTags }),
      ]),
  });
}
