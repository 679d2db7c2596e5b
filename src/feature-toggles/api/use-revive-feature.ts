import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { refreshFeature } from './refresh-feature';

/**
 * Brings an archived toggle back. `onRevived` runs once the server has it back and before the reads are refreshed:
 * a page showing the archived toggle leaves it there, since refreshed, the archive no longer holds it (and the page,
 * gone, would not run a callback given to `mutate`).
 */
export function useReviveFeature(onRevived?: (name: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post(`api/admin/archive/revive/${encodeURIComponent(name)}`),
    onSuccess: (_answer, name) => onRevived?.(name),
    onSettled: (_d, _e, name) => refreshFeature(queryClient, name),
  });
}
