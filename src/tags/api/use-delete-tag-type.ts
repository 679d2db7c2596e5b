import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { tagKeys, tagTypePath } from './queries';

/** DELETE api/admin/tag-types/{name}: its tags go too, also from the toggles that had them. */
export function useDeleteTagType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(tagTypePath(name)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.types }),
        queryClient.invalidateQueries({ queryKey: tagKeys.tags }),
        queryClient.invalidateQueries({ queryKey: tagKeys.toggleTags }),
      ]),
  });
}
