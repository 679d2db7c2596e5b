import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { basePath, withBase } from '../shared/api/base-path';
import { api as consoleApi, type ApiClient } from '../shared/api/client';
import { connectivity, probeWhileUnreachable } from '../shared/api/connectivity';
import { showToast } from '../shared/messages/toast';
import { inBackground } from '../shared/tasks';
import { followAccount } from './account';
import type { Change, QueuedChange } from './changes';
import { databaseName } from './db-name';
import { createInstallOffer } from './install';
import { createLive } from './live';
import { createMirror } from './mirror';
import { createPending, createSignedIn, type SignedIn } from './pending';
import { persistQueryCache } from './persist';
import { createRegistry, type AccountSource } from './registry';
import { createUpdatePrompt } from './service-worker';
import type { Storage } from './storage';

export interface OfflineEngineOptions {
  queryClient: QueryClient;
  /** The console's base path: its IndexedDB database, Web Lock, channels and persisted cache are its own. */
  base?: string;
  /** The HTTP client the replay and the mirror's own reads use (the console's one client). */
  api?: ApiClient;
  /** The signed-in account, whose changes are sent (another account's are held). */
  account: AccountSource;
  /** Read-only answers the mirror keeps as they are, by query key. */
  reference?: QueryKey[];
  /** The pauses before a "not now" answer is sent again, instead of the replay's RETRY_PAUSES_MS. */
  retryPausesMs?: number[];
}

const warnNoStorage = (error: unknown) => console.warn('Switchyard: offline storage is not available', error);

/** Whether this browser already holds a mirror or an outbox under `name` (without loading Dexie to ask). */
async function storedBefore(name: string): Promise<boolean> {
  if (!indexedDB.databases) return true;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === name);
}

/** Runs a task once someone is signed in (at once if someone is). */
function whenSignedIn(signedIn: SignedIn, task: () => void) {
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

/**
 * The console's offline engine, made once by the app (a test makes its own; a new page is a new engine on the same
 * IndexedDB). It holds every piece of offline state: the waiting list, the signed-in account, the mirror, the
 * install offer and the update prompt. IndexedDB (Dexie, the outbox and the replay) is loaded only once needed.
 */
export function createOfflineEngine(options: OfflineEngineOptions) {
  const { queryClient, base = basePath, api = consoleApi, account } = options;
  const name = databaseName(base);
  const registry = createRegistry(options.reference ?? []);
  const signedIn = createSignedIn();
  const pending = createPending(signedIn);
  const mirror = createMirror(queryClient, registry);
  const install = createInstallOffer();
  const update = createUpdatePrompt();
  const live = createLive({
    url: withBase('api/admin/sync/stream', base),
    signedIn,
    online: connectivity,
    markSynced: () => mirror.markSynced(),
    onBuild: update.announced,
  });
  let storage: Promise<Storage> | undefined;
  let started: Promise<void> = Promise.resolve();
  let forgetCachedSession = () => {};
  let keepAsked = false;
  const stops: (() => void)[] = [];

  /** IndexedDB (Dexie, the outbox and the replay), opened once. */
  function openStorage(): Promise<Storage> {
    storage ??= import('./storage').then((module) =>
      module.openStorage(name, {
        queryClient,
        api,
        account,
        registry,
        pending,
        signedIn,
        mirror,
        retryPausesMs: options.retryPausesMs,
      }),
    );
    return storage;
  }

  async function begin() {
    onlineManager.setEventListener((setOnline) => {
      setOnline(connectivity.isOnline());
      return connectivity.subscribe(() => setOnline(connectivity.isOnline()));
    });
    // From the start, not only once IndexedDB is open: a first visit's passing failure must not pause reads for good.
    stops.push(probeWhileUnreachable(() => api.get('health')));
    stops.push(install.listen());
    forgetCachedSession = persistQueryCache(queryClient, base, mirror.isMirrored);
    // After the persisted session is restored: queued changes are recorded with, and sent for, the signed-in account.
    stops.push(followAccount(queryClient, base, account, signedIn));
    stops.push(live.start());
    const open = () => void openStorage().catch(warnNoStorage);
    if (await storedBefore(name).catch(() => true)) await openStorage().catch(warnNoStorage);
    else if (navigator.serviceWorker?.controller) whenSignedIn(signedIn, open);
    else {
      navigator.serviceWorker?.addEventListener('controllerchange', () => whenSignedIn(signedIn, open), { once: true });
      // No service worker holds the console's code yet (a first visit): IndexedDB's code is fetched once someone is
      // signed in and the page has loaded (the database stays closed until needed), so that a change made after the
      // connection dropped, before the worker took over, can still be queued.
      whenSignedIn(signedIn, () => afterLoad(() => void import('./storage').catch(() => undefined)));
    }
    if (import.meta.env.PROD)
      afterLoad(
        () => void update.register().catch((error: unknown) => console.warn('Switchyard: no service worker', error)),
      );
  }

  return {
    queryClient,
    api,
    /** What a domain mirrors in tables of its own (before the engine starts). */
    registerMirror: registry.registerMirror,
    /** How a domain's queued changes are sent (before the engine starts). */
    registerChanges: registry.registerChanges,
    /** The waiting list: the outbox as this tab knows it, with the rules of whose change is sent. */
    pending,
    signedIn,
    mirror,
    install,
    update,
    /** The server's event stream: domains follow it to sync what changed (see live.ts). */
    live,
    describe: registry.describe,
    failureMessage: registry.failureMessage,

    /**
     * Offline support, before the first render: reads pause while the server cannot be reached (the mirror and the
     * persisted cache answer instead), and the persisted session is restored. IndexedDB (Dexie) is opened before the
     * first render when it holds something from an earlier visit; on a first visit it is opened once the service
     * worker controls the page (before that an offline start could not happen: there is no cached shell) and someone
     * is signed in (before that there is nothing of theirs to keep: the sign-in page loads neither Dexie nor the
     * mirror), or when a change is queued, so a first visit does not wait for it. The service worker registers once
     * the page has loaded and the browser is idle.
     */
    start(): Promise<void> {
      started = begin();
      return started;
    },
    /** Resolves once what start opens before the first render is open (at once when it has not been called). */
    started: () => started,
    openStorage,

    /**
     * Queues a change in the outbox (opening it first if need be) and sends it at once when online; offline, says it
     * is queued instead of claiming success. Resolves once the change is stored and shown. `feature`: the record it
     * changes; `project`: its project (else the mirror's). The first queued change asks the browser to keep the
     * site's storage (it now holds work not yet sent).
     */
    async queueChange<C extends Change>(feature: string, change: C, project?: string): Promise<QueuedChange<C>> {
      const { outbox, replay } = await openStorage();
      const entry = await outbox.add(feature, change, project);
      if (!keepAsked) {
        keepAsked = true;
        void navigator.storage?.persist?.();
      }
      if (connectivity.isOnline()) void replay.drain();
      else showToast(`Queued: ${registry.describe(entry)}. It will be sent when the server can be reached.`, 'info');
      return entry;
    },

    /** 'Cancel', 'Discard' or 'Dismiss' of a queued change that is not being sent (see the outbox's cancel). */
    cancel: async (seq: number) => (await openStorage()).outbox.cancel(seq),
    /** 'Disregard': the notice closes; the change stays held in the waiting list. */
    disregard: async (seq: number) => (await openStorage()).outbox.disregard(seq),
    /** 'Refresh configuration': the server's current record of a held change is loaded. */
    refreshHeld: async (seq: number) => (await openStorage()).replay.refreshHeld(seq),
    /** 'Apply again': a held change is rebased on the server's current record and sent. */
    applyAgain: async (seq: number) => (await openStorage()).replay.applyAgain(seq),
    /** 'Retry': a failed change is sent again. */
    retry: async (seq: number) => (await openStorage()).replay.retry(seq),

    /**
     * Signing out (the console's logout page, once the server has ended the session) forgets the cached session and
     * the mirror; queued changes are kept.
     */
    async forgetOnLogout() {
      forgetCachedSession();
      await mirror.clear();
    },

    /** The page closes: nothing more is listened to, sent or stored, and IndexedDB is closed. */
    async close() {
      stops.splice(0).forEach((stop) => stop());
      await (await storage?.catch(() => undefined))?.close();
    },
  };
}

export type OfflineEngine = ReturnType<typeof createOfflineEngine>;
