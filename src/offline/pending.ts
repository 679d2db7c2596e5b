import { useSyncExternalStore } from 'react';
import type { QueuedChange } from './changes';

/**
 * The outbox as this tab knows it (kept in step with IndexedDB by the outbox), in replay order. The screens read
 * it for the waiting count and list; the mirror applies the changes that will still be sent on top of what the
 * server last said.
 */
let entries: QueuedChange[] = [];
const listeners = new Set<() => void>();

export const pending = {
  get: () => entries,
  set(next: QueuedChange[]) {
    entries = next;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Changes that will still be sent (waiting or being sent): shown optimistically. Held and failed ones are not. */
export const isActive = (entry: QueuedChange) => entry.state === 'waiting' || entry.state === 'sending';

export function activeChangesOf(feature: string): QueuedChange[] {
  return entries.filter((entry) => entry.feature === feature && isActive(entry));
}

export function usePendingChanges(): QueuedChange[] {
  return useSyncExternalStore(pending.subscribe, pending.get, pending.get);
}
