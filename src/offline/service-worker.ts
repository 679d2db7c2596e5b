/** How often a console left open asks for a new version. */
export const UPDATE_CHECK_MS = 60 * 60_000;
/** A return to the console (focus, or the tab shown again) asks too, at most this often. */
export const RETURN_CHECK_MS = 60_000;

/**
 * Asks the browser to look for a new sw.js while the console stays open (a browser checks by itself only on a
 * navigation, which an installed app left open for days never makes): every hour, and when the person comes back
 * to it (the window regains focus or the tab is shown again), at most once a minute. Started right after registering,
 * which has just checked, so the first return check waits its minute. A failed check (offline) waits for the next.
 */
export function watchForUpdates(update: () => Promise<unknown>, now: () => number = Date.now) {
  let lastCheck = now();
  const check = () => {
    lastCheck = now();
    update().catch(() => undefined);
  };
  const onReturn = () => {
    if (document.visibilityState === 'visible' && now() - lastCheck >= RETURN_CHECK_MS) check();
  };
  window.addEventListener('focus', onReturn);
  document.addEventListener('visibilitychange', onReturn);
  window.setInterval(check, UPDATE_CHECK_MS);
}

/**
 * The service worker that vite-plugin-pwa builds (sw.js beside index.html, so under any base path). A new version
 * installs in the background and waits; the console then offers to reload into it.
 */
export function createUpdatePrompt() {
  let waiting = false;
  let registration: ServiceWorkerRegistration | undefined;
  /** The console build the server named first in this page: the one the page was loaded with. */
  let loadedBuild: string | undefined;
  const listeners = new Set<() => void>();

  return {
    /** A new version waits. */
    waiting: () => waiting,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async register() {
      if (!('serviceWorker' in navigator)) return;
      const { Workbox } = await import('workbox-window');
      const workbox = new Workbox(new URL('sw.js', document.baseURI).href);
      workbox.addEventListener('waiting', () => {
        waiting = true;
        listeners.forEach((listener) => listener());
      });
      const registered = await workbox.register();
      if (!registered) return;
      registration = registered;
      watchForUpdates(() => registered.update());
    },
    /**
     * The server names the console build it serves (its live stream, on connecting): another one than this page's
     * is looked for at once, so the update notice appears within seconds rather than at the next hourly check.
     */
    announced(build: string) {
      loadedBuild ??= build;
      if (build !== loadedBuild) registration?.update().catch(() => undefined);
    },
    /** 'Reload': the waiting worker takes over, and the page reloads once it controls it. */
    apply() {
      const worker = registration?.waiting;
      if (!worker) return;
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    },
  };
}

export type UpdatePrompt = ReturnType<typeof createUpdatePrompt>;
