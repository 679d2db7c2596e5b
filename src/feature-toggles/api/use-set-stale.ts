import { useMutation } from '@tanstack/react-query';
import { queueChange } from '../../offline/offline';

/** Marks a toggle stale or active, through the offline queue (it shows the spec's message once the server has it). */
export function useSetStale() {
  return useMutation({
    mutationFn: ({ name, stale }: { name: string; stale: boolean }) => queueChange(name, { kind: 'stale', stale }),
  });
}
