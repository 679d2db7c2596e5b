import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddonInput } from '../../../contract/addons';
import { api } from '../../shared/api/client';
import { addonKeys, type Addon } from './queries';

/** POST api/admin/addons (answers the created addon); the form shows a refusal. */
export function useCreateAddon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddonInput) => api.post<Addon>('api/admin/addons', body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addonKeys.all }),
  });
}
