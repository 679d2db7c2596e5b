import { useSyncExternalStore } from 'react';

/** The event Chromium-based browsers fire when the console can be installed (not in the DOM typings yet). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();

function set(next: InstallPromptEvent | undefined) {
  offer = next;
  listeners.forEach((listener) => listener());
}

/** Keeps the browser's install offer for the 'Install app' button; it goes once the app is installed. */
export function listenForInstall() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(undefined));
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function install() {
  const current = offer;
  if (!current) return;
  set(undefined);
  await current.prompt();
  await current.userChoice;
}

export function useCanInstall(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer !== undefined,
  );
}
