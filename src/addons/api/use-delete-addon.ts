import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { addonKeys, addonPath } from './queries';

/** DELETE api/admin/addons/{id}; a failure shows as an error toast. */
export function useDeleteAddon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(addonPath(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addonKeys.all }),
  });
}
