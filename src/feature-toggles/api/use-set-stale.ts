import { useMutation } from '@tanstack/react-query';
import { useOfflineEngine } from '../../offline/context';
import type { ToggleChange } from '../offline/changes';

/** Marks a toggle stale or active, through the offline queue (it shows the spec's message once the server has it). */
export function useSetStale() {
  const offline = useOfflineEngine();
  return useMutation({
    mutationFn: ({ name, stale }: { name: string; stale: boolean }) =>
      offline.queueChange<ToggleChange>(name, { kind: 'stale', stale }),
  });
}
