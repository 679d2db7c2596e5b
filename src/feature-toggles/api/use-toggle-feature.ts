import { useMutation } from '@tanstack/react-query';
import { useOfflineEngine } from '../../offline/context';
import type { ToggleChange } from '../offline/changes';

/** Turns a toggle on or off, through the offline queue: resolves once queued and shown; the queue reports the rest. */
export function useToggleFeature() {
  const offline = useOfflineEngine();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      offline.queueChange<ToggleChange>(name, { kind: 'enabled', enabled }),
  });
}
