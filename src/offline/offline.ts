import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { basePath } from '../shared/api/base-path';
import { api } from '../shared/api/client';
import { connectivity, probeWhileUnreachable } from '../shared/api/connectivity';
import { followAccount } from './account';
import type { Change, QueuedChange } from './changes';
import { databaseName } from './db-name';
import { listenForInstall } from './install';
import { clearMirror, connectViews } from './mirror';
import { inBackground } from '../shared/tasks';
import { signedIn } from './pending';
import { persistQueryCache } from './persist';
import { accountSource } from './registry';
import { registerServiceWorker } from './service-worker';

let context: { queryClient: QueryClient; base: string } | undefined;
let storage: Promise<void> | undefined;
let started: Promise<void> = Promise.resolve();

/** IndexedDB (Dexie, the outbox and the replay), opened once the console has started. */
function ensureStorage(): Promise<void> {
  if (!context) return Promise.resolve();
  const { queryClient, base } = context;
  storage ??= import('./storage').then((module) => module.openStorage(queryClient, base));
  return storage;
}

/**
 * Queues a change in the outbox (opening it first if need be) and sends it at once when online. Resolves once the
 * change is stored and shown. `feature`: the record it changes; `project`: its project (else the mirror's).
 */
export async function queueChange<C extends Change>(
  feature: string,
  change: C,
  project?: string,
): Promise<QueuedChange<C>> {
  await ensureStorage();
  const replay = await import('./replay');
  return replay.queueChange(feature, change, project);
}

/** Whether this browser already holds a mirror or an outbox for this console (without loading Dexie to ask). */
async function storedBefore(base: string): Promise<boolean> {
  if (!indexedDB.databases) return true;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === databaseName(base));
}

let forgetSession: () => Promise<void> = () => Promise.resolve();

/**
 * Signing out (the console's logout page, once the server has ended the session) forgets the cached session and
 * the mirror; queued changes are kept.
 */
export const forgetOnLogout = (): Promise<void> => forgetSession();

/**
 * Offline support, before the first render: reads pause while the server cannot be reached (the mirror and the
 * persisted cache answer instead), and the persisted session is restored. IndexedDB (Dexie) is opened before the
 * first render when it holds something from an earlier visit; on a first visit it is opened once the service
 * worker controls the page (before that an offline start could not happen: there is no cached shell) and someone
 * is signed in (before that there is nothing of theirs to keep: the sign-in page loads neither Dexie nor the
 * mirror), or when a change is queued, so a first visit does not wait for it. The service worker registers once
 * the page has loaded and the browser is idle.
 */
export function startOffline(queryClient: QueryClient, base: string = basePath): Promise<void> {
  started = start(queryClient, base);
  return started;
}

/** Resolves once what startOffline opens before the first render is open (at once when it has not been called). */
export const offlineStarted = () => started;

async function start(queryClient: QueryClient, base: string) {
  context = { queryClient, base };
  connectViews(queryClient);
  onlineManager.setEventListener((setOnline) => {
    setOnline(connectivity.isOnline());
    return connectivity.subscribe(() => setOnline(connectivity.isOnline()));
  });
  // From the start, not only once IndexedDB is open: a first visit's passing failure must not pause reads for good.
  probeWhileUnreachable(() => api.get('health'));
  listenForInstall();
  const stopPersisting = persistQueryCache(queryClient, base);
  // After the persisted session is restored: queued changes are recorded with, and sent for, the signed-in account.
  followAccount(queryClient, base, accountSource());
  forgetSession = async () => {
    stopPersisting();
    await clearMirror();
  };
  const open = () =>
    void ensureStorage().catch((error: unknown) => console.warn('Switchyard: offline storage is not available', error));
  if (await storedBefore(base).catch(() => true))
    await ensureStorage().catch((error: unknown) =>
      console.warn('Switchyard: offline storage is not available', error),
    );
  else if (navigator.serviceWorker?.controller) whenSignedIn(open);
  else navigator.serviceWorker?.addEventListener('controllerchange', () => whenSignedIn(open), { once: true });
  if (import.meta.env.PROD)
    afterLoad(
      () =>
        void registerServiceWorker().catch((error: unknown) => console.warn('Switchyard: no service worker', error)),
    );
}

/** Runs a task once someone is signed in (at once if someone is). */
function whenSignedIn(task: () => void) {
  if (signedIn.get()) return task();
  const stop = signedIn.subscribe(() => {
    if (!signedIn.get()) return;
    stop();
    task();
  });
}

/**
 * Runs a task once the page has loaded and the browser is idle: the service worker's install (it downloads the
 * whole console for offline use) waits until the first screen has loaded.
 */
function afterLoad(task: () => void) {
  if (document.readyState === 'complete') inBackground(task);
  else window.addEventListener('load', () => inBackground(task), { once: true });
}
