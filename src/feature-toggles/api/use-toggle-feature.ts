import { useMutation } from '@tanstack/react-query';
import { queueToggleChange } from '../offline/queue';

/** Turns a toggle on or off, through the offline queue: resolves once queued and shown; the queue reports the rest. */
export function useToggleFeature() {
  return useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      queueToggleChange(name, { kind: 'enabled', enabled }),
  });
}
