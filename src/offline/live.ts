import {
  LIVE_BUILD_EVENT,
  LIVE_CHANGE_REQUESTS_EVENT,
  LIVE_CHANGES_EVENT,
  type LiveChangeRequests,
  type LiveChanges,
} from '../../contract/sync';

/**
 * What the live stream tells those who follow it: it has (re)opened (changes may have been missed), toggles changed,
 * or change requests changed.
 */
export type LiveEvent =
  | { type: 'open' }
  | { type: 'changes'; changes: LiveChanges }
  | { type: 'change-requests'; changes: LiveChangeRequests };

/** The first reconnection waits about this long; each failure in a row doubles it, up to LIVE_RETRY_MAX_MS. */
export const LIVE_RETRY_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 60_000;

/** The wait before the attempt after `failures` failed ones in a row: doubling, capped, a random half off. */
export const retryDelay = (failures: number, random: () => number = Math.random) =>
  Math.min(LIVE_RETRY_MS * 2 ** Math.max(failures - 1, 0), LIVE_RETRY_MAX_MS) * (0.5 + random() / 2);

export interface LiveOptions {
  /** The stream's URL (GET api/admin/sync/stream). */
  url: string;
  /** Whether someone is signed in, and whether the server can be reached: the stream opens only then. */
  signedIn: { get(): unknown; subscribe(listener: () => void): () => void };
  online: { isOnline(): boolean; subscribe(listener: () => void): () => void };
  /** The stream has told of changes or has just closed: the console is synced as of now. */
  markSynced(): void;
  /** The server named the console build it serves. */
  onBuild(build: string): void;
  /** For tests: the browser's EventSource and fetch, and the randomness of the waits. */
  EventSource?: typeof EventSource;
  fetch?: typeof fetch;
  random?: () => number;
}

/**
 * An open console's event stream (GET api/admin/sync/stream), which says what changed on the server as it happens;
 * domains follow it (`subscribe`) to sync what changed. It is open while someone is signed in, the server can be
 * reached and the page is visible (a hidden tab, a phone's pocket, holds no connection); a dropped stream is opened
 * again after a doubling wait (EventSource's own fixed retry is not used), and at once when the page is shown again.
 * A server without it (a 404: a real Unleash 4) is not asked again: the screens' polling stays the only sync.
 */
export function createLive(options: LiveOptions) {
  const { url, signedIn, online } = options;
  const Source = options.EventSource ?? globalThis.EventSource;
  const request = options.fetch ?? globalThis.fetch;
  const listeners = new Set<(event: LiveEvent) => void>();
  const liveListeners = new Set<() => void>();
  let source: EventSource | undefined;
  let open = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let checked = false;
  let unsupported = false;
  let started = false;

  const wanted = () =>
    started && !unsupported && !!signedIn.get() && online.isOnline() && document.visibilityState === 'visible';
  const tell = (event: LiveEvent) => listeners.forEach((listener) => listener(event));

  /** Open, the console is synced as of now (the header says so); closed, it was until then. */
  function setOpen(next: boolean) {
    if (open === next) return;
    open = next;
    if (!open) options.markSynced();
    liveListeners.forEach((listener) => listener());
  }

  function disconnect() {
    clearTimeout(retry);
    retry = undefined;
    source?.close();
    source = undefined;
    setOpen(false);
  }

  function connect() {
    if (source || retry || !wanted()) return;
    const stream = new Source(url);
    source = stream;
    stream.addEventListener('open', () => {
      failures = 0;
      setOpen(true);
      tell({ type: 'open' });
    });
    stream.addEventListener(LIVE_BUILD_EVENT, (event) => options.onBuild(JSON.parse((event as MessageEvent).data)));
    stream.addEventListener(LIVE_CHANGES_EVENT, (event) => {
      options.markSynced();
      tell({ type: 'changes', changes: JSON.parse((event as MessageEvent).data) as LiveChanges });
    });
    stream.addEventListener(LIVE_CHANGE_REQUESTS_EVENT, (event) => {
      options.markSynced();
      tell({ type: 'change-requests', changes: JSON.parse((event as MessageEvent).data) as LiveChangeRequests });
    });
    stream.addEventListener('error', () => {
      if (source !== stream) return;
      const neverOpened = !open;
      disconnect();
      failures += 1;
      if (neverOpened && !checked) void checkSupported();
      retry = setTimeout(
        () => {
          retry = undefined;
          connect();
        },
        retryDelay(failures, options.random),
      );
    });
  }

  /** Once, after a stream that never opened: does the server have the stream at all? */
  async function checkSupported() {
    checked = true;
    const controller = new AbortController();
    try {
      const answer = await request(url, { signal: controller.signal });
      if (answer.status === 404) {
        unsupported = true;
        disconnect();
      }
    } catch {
      // no answer: the next attempt is made as planned
    } finally {
      controller.abort();
    }
  }

  /** The conditions changed: opened at once when now wanted (a wait after failures is cut short), else closed. */
  function follow() {
    if (!wanted()) return disconnect();
    if (retry && !source) {
      clearTimeout(retry);
      retry = undefined;
    }
    connect();
  }

  return {
    /** Starts following the conditions; returns what stops it (and closes the stream). */
    start(): () => void {
      if (!Source) return () => {};
      started = true;
      const stops = [signedIn.subscribe(follow), online.subscribe(follow)];
      document.addEventListener('visibilitychange', follow);
      follow();
      return () => {
        started = false;
        stops.forEach((stop) => stop());
        document.removeEventListener('visibilitychange', follow);
        disconnect();
      };
    },
    /** Follows what the stream says; returns what stops it. */
    subscribe(listener: (event: LiveEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Whether the stream is open now (the header says so). */
    isLive: () => open,
    subscribeLive(listener: () => void) {
      liveListeners.add(listener);
      return () => void liveListeners.delete(listener);
    },
  };
}

export type Live = ReturnType<typeof createLive>;
