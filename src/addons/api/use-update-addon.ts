import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddonInput } from '../../../contract/addons';
import { api } from '../../shared/api/client';
import { addonKeys, addonPath } from './queries';

/** PUT api/admin/addons/{id}: the form's save, and the list's switch (the addon with enabled flipped). */
export function useUpdateAddon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AddonInput }) => api.put(addonPath(id), body),
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addonKeys.all }),
  });
}
