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

/** While the server cannot be reached (and the browser says it is online), it is asked again this often. */
export const PROBE_INTERVAL_MS = 15_000;

/**
 * Asks the server again (`probe`, a request through the API client) every PROBE_INTERVAL_MS while it cannot be
 * reached and the browser says it is online: a request that got no answer pauses every read, so without another
 * request a passing failure would leave the console offline. Returns a function that stops it.
 */
export function probeWhileUnreachable(probe: () => Promise<unknown>): () => void {
  const timer = setInterval(() => {
    if (navigator.onLine && !online) probe().catch(() => undefined);
  }, PROBE_INTERVAL_MS);
  return () => clearInterval(timer);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', connectivity.reached);
  window.addEventListener('offline', connectivity.lost);
}

export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, connectivity.isOnline);
}
