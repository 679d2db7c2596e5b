import { useSyncExternalStore } from 'react';
import { TOAST_AUTO_HIDE_MS } from './messages';

export type ToastType = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  text: string;
  type: ToastType;
}

/**
 * Toasts hide after 6000 ms; the toast area renders them. A message that is already visible
 * (same text and type, e.g. two failing fetches with the same error, or two toggles' status updated one after the
 * other) shows once, and stays 6000 ms from its latest showing.
 */
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function set(next: Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export const toastStore = {
  get: () => toasts,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  hide(id: number) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set(toasts.filter((t) => t.id !== id));
  },
};

export function showToast(text: string, type: ToastType = 'info'): void {
  let toast = toasts.find((t) => t.text === text && t.type === type);
  if (toast) clearTimeout(timers.get(toast.id));
  else {
    toast = { id: nextId++, text, type };
    set([...toasts, toast]);
  }
  const { id } = toast;
  timers.set(
    id,
    setTimeout(() => toastStore.hide(id), TOAST_AUTO_HIDE_MS),
  );
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
}
