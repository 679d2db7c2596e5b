import { useSyncExternalStore } from 'react';

/** Shared constants of the console. */
export const SNACKBAR_AUTO_HIDE_MS = 10000;
export const TOAST_AUTO_HIDE_MS = 6000;

export type SnackbarKind = 'error' | 'info';

export interface SnackbarMessage {
  kind: SnackbarKind;
  text: string;
}

/** The deduplicated list of messages shown one at a time in the snackbar; muting removes one. */
let queue: SnackbarMessage[] = [];
const listeners = new Set<() => void>();

function set(next: SnackbarMessage[]) {
  queue = next;
  listeners.forEach((listener) => listener());
}

export const snackbar = {
  get: () => queue,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(text: string, kind: SnackbarKind = 'error') {
    if (!queue.some((m) => m.text === text && m.kind === kind)) set([...queue, { kind, text }]);
  },
  mute(message: SnackbarMessage) {
    set(queue.filter((m) => m !== message));
  },
  clear() {
    set([]);
  },
};

export function useSnackbarQueue(): SnackbarMessage[] {
  return useSyncExternalStore(snackbar.subscribe, snackbar.get, snackbar.get);
}
