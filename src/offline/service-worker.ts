import { useSyncExternalStore } from 'react';

/** How often a console left open asks for a new version (the browser also checks on every navigation). */
const UPDATE_CHECK_MS = 60 * 60_000;

let waiting = false;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<() => void>();

function setWaiting(next: boolean) {
  waiting = next;
  listeners.forEach((listener) => listener());
}

/**
 * Registers the service worker that vite-plugin-pwa builds (sw.js beside index.html, so under any base path). A new
 * version installs in the background and waits; the console then offers to reload into it.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(new URL('sw.js', document.baseURI).href);
  workbox.addEventListener('waiting', () => setWaiting(true));
  registration = await workbox.register();
  setInterval(() => void registration?.update(), UPDATE_CHECK_MS);
}

/** 'Reload': the waiting worker takes over, and the page reloads once it controls it. */
export function applyUpdate() {
  const worker = registration?.waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
}
