import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { refreshFeature } from './refresh-feature';

/** Brings an archived toggle back. */
export function useReviveFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post(`api/admin/archive/revive/${encodeURIComponent(name)}`),
    onSettled: (_d, _e, name) => refreshFeature(queryClient, name),
  });
}
