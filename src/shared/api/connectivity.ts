import { useSyncExternalStore } from 'react';

/** The header the service worker adds to an answer from its cache (vite.config.ts): not a sign of the server. */
export const FROM_CACHE_HEADER = 'X-Switchyard-From-Cache';

/**
 * Whether the console can reach the server. It starts from the browser's own flag and follows the `online` and
 * `offline` events; every request the API client makes then confirms it (an answer) or refutes it (a network error).
 */
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === online) return;
  online = next;
  listeners.forEach((listener) => listener());
}

export const connectivity = {
  isOnline: () => online,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The server answered (any status). */
  reached: () => set(true),
  /** A request failed before any answer, or the browser went offline. */
  lost: () => set(false),
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', connectivity.reached);
  window.addEventListener('offline', connectivity.lost);
}

export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, connectivity.isOnline);
}
