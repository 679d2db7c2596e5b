import { useMutation } from '@tanstack/react-query';
import { queueToggleChange } from '../offline/queue';

/** Marks a toggle stale or active, through the offline queue (it shows the spec's message once the server has it). */
export function useSetStale() {
  return useMutation({
    mutationFn: ({ name, stale }: { name: string; stale: boolean }) =>
      queueToggleChange(name, { kind: 'stale', stale }),
  });
}
