import { useSyncExternalStore } from 'react';
import { TOAST_AUTO_HIDE_MS } from './messages';

export type ToastType = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  text: string;
  type: ToastType;
}

/**
 * Toasts hide after 6000 ms (part 1 section 9); the toast area renders them. A message that is already visible
 * (same text and type, e.g. two failing fetches with the same error) shows once.
 */
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

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
    set(toasts.filter((t) => t.id !== id));
  },
};

export function showToast(text: string, type: ToastType = 'info'): void {
  if (toasts.some((t) => t.text === text && t.type === type)) return;
  const toast = { id: nextId++, text, type };
  set([...toasts, toast]);
  setTimeout(() => toastStore.hide(toast.id), TOAST_AUTO_HIDE_MS);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
}
