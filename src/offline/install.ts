/** The event Chromium-based browsers fire when the console can be installed (not in the DOM typings yet). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's install offer, kept for the 'Install app' button; it goes once the app is installed. */
export function createInstallOffer() {
  let offer: InstallPromptEvent | undefined;
  const listeners = new Set<() => void>();
  const set = (next: InstallPromptEvent | undefined) => {
    offer = next;
    listeners.forEach((listener) => listener());
  };
  const onOffer = (event: Event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  };
  const onInstalled = () => set(undefined);

  return {
    offered: () => offer !== undefined,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Listens for the browser's offer; returns a function that stops listening. */
    listen(): () => void {
      window.addEventListener('beforeinstallprompt', onOffer);
      window.addEventListener('appinstalled', onInstalled);
      return () => {
        window.removeEventListener('beforeinstallprompt', onOffer);
        window.removeEventListener('appinstalled', onInstalled);
      };
    },
    /** Shows the browser's install dialog; an offer can be used once. */
    async install() {
      const current = offer;
      if (!current) return;
      set(undefined);
      await current.prompt();
      await current.userChoice;
    },
  };
}

export type InstallOffer = ReturnType<typeof createInstallOffer>;
