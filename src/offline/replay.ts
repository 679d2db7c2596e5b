import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../shared/api/client';
import { connectivity, PROBE_INTERVAL_MS } from '../shared/api/connectivity';
import { ApiError, AuthenticationError, statusOf } from '../shared/api/errors';
import { snackbar } from '../shared/messages/messages';
import { showToast } from '../shared/messages/toast';
import { isNotNow, type QueuedChange } from './changes';
import type { Outbox } from './outbox';
import { isActive, type Pending, type SignedIn } from './pending';
import type { AccountSource, Registry } from './registry';

/**
 * The pauses before a change answered "not now" (a server error, 429...) is sent again, with the same key; once
 * they are used up it is marked failed, with its message, until the user retries or dismisses it.
 */
const RETRY_PAUSES_MS = [1_000, 4_000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a refused change keeps: the status, the spec's message for it, and the server's own when it differs. */
function failureOf(error: ApiError): NonNullable<QueuedChange['error']> {
  const body = error.body as { details?: { message?: string }[] } | undefined;
  const detail = body?.details?.[0]?.message;
  return { status: error.status, message: error.message, ...(detail && detail !== error.message && { detail }) };
}

/** The server's own word on a request (an error answer), but a 401, which only asks to sign in again. */
const answered = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status !== 401;

/**
 * sent: the server has it; held: a conflict (the refresh notice shows it); failed: refused, kept with its message;
 * stop: no answer or a 401 (it waits), or failed after "not now" answers: the rest waits for the next trigger.
 */
type Outcome = 'sent' | 'held' | 'failed' | 'stop';

export interface ReplayParts {
  outbox: Outbox;
  pending: Pending;
  signedIn: SignedIn;
  registry: Registry;
  queryClient: QueryClient;
  api: ApiClient;
  account: AccountSource;
  /** The Web Lock two tabs of this console share: they never send at once. */
  lockName: string;
  /** Instead of RETRY_PAUSES_MS. */
  retryPausesMs?: number[];
}

/** The replay of an outbox: sends its waiting changes, one at a time, in order, and reports every outcome. */
export function createReplay(parts: ReplayParts) {
  const { outbox, pending, registry, queryClient, api, retryPausesMs = RETRY_PAUSES_MS } = parts;
  let running: Promise<void> | undefined;
  let again = false;

  /** Two tabs never send at once: the replay runs under a Web Lock where the browser has them. */
  async function exclusive(task: () => Promise<boolean>): Promise<boolean> {
    return navigator.locks ? await navigator.locks.request(parts.lockName, task) : task();
  }

  /** The server refused a change: it is kept, failed, with its message, which shows at once. */
  async function refuse(entry: QueuedChange, error: ApiError) {
    const failure = failureOf(error);
    await outbox.fail(entry, failure);
    snackbar.add(registry.failureMessage(entry, failure));
  }

  /**
   * A decision on a held change that reads the server's record: when the server refuses that (the toggle was deleted
   * meanwhile), the change fails with that message instead of staying held; anything else (no answer) goes to the
   * notice that asked.
   */
  async function deciding(seq: number, task: () => Promise<void>) {
    try {
      await task();
    } catch (error) {
      const entry = pending.get().find((e) => e.seq === seq);
      if (!entry || !answered(error) || isNotNow(error.status)) throw error;
      await refuse(entry, error);
    }
  }

  /** Sends one change and reports every outcome: a toast on success, a message naming the change on a failure. */
  async function sendOne(entry: QueuedChange): Promise<Outcome> {
    const handler = registry.handlerFor(entry.change);
    for (let attempt = 0; ; attempt++) {
      try {
        // Against a server without versions (a real Unleash 4), a conflict shows as a difference from the snapshot.
        if (entry.baseVersion === undefined && !(await handler.unchangedOnServer(entry, api))) {
          await outbox.hold(entry);
          return 'held';
        }
        const request = handler.request(entry);
        const headers: Record<string, string> = { 'Idempotency-Key': entry.key };
        if (entry.baseVersion !== undefined) headers['If-Match'] = `"${entry.baseVersion}"`;
        const answer = await api.send(request.method, request.path, request.body, { layer: request.layer, headers });
        await outbox.confirmSent(entry, answer);
        const message = handler.successMessage(entry);
        if (message) showToast(message, 'success');
        return 'sent';
      } catch (error) {
        if (statusOf(error) === 412) {
          await outbox.hold(entry);
          return 'held';
        }
        if (answered(error)) {
          const notNow = isNotNow(error.status);
          if (notNow && attempt < retryPausesMs.length) {
            await pause(retryPausesMs[attempt]);
            continue;
          }
          await refuse(entry, error);
          return notNow ? 'stop' : 'failed';
        }
        await outbox.release(entry);
        // Only the server's own 401 signs the user out: the session query sees it again and sends them to /login.
        if (error instanceof AuthenticationError)
          void queryClient.invalidateQueries({ queryKey: parts.account.queryKey });
        return 'stop';
      }
    }
  }

  /** Sends until nothing is left to send, or until the server cannot take more now (then: false). */
  async function sendAll(): Promise<boolean> {
    const settled = new Map<string, QueryKey>();
    let stopped = false;
    for (
      let entry = await outbox.takeNext();
      entry && !stopped;
      entry = stopped ? undefined : await outbox.takeNext()
    ) {
      const outcome = await sendOne(entry);
      if (outcome === 'sent')
        registry.handlerFor(entry.change).settles.forEach((key) => settled.set(JSON.stringify(key), key));
      stopped = outcome === 'stop';
    }
    // The screens settle on what the server now says (pending changes stay applied on top).
    await Promise.all([...settled.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return !stopped;
  }

  /**
   * Sends the waiting changes, one at a time, in order. A call while sending makes one more pass afterwards, unless
   * the server could not take more (the next trigger tries again).
   */
  function drain(): Promise<void> {
    if (!connectivity.isOnline()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let open: boolean;
      do {
        again = false;
        open = await exclusive(sendAll);
      } while (again && open && connectivity.isOnline());
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  /** Changes this session may send wait (another account's are left for that account). */
  const hasWaiting = () => pending.get().some((entry) => isActive(entry) && pending.isMine(entry));

  /**
   * While changes wait on a server taken for reachable, the health check is asked and they are sent again. (While it
   * cannot be reached, the engine's start asks it: its answer starts a drain through the connectivity subscription.)
   */
  async function probe() {
    if (!navigator.onLine || !connectivity.isOnline() || !hasWaiting()) return;
    try {
      await api.get('health');
    } catch {
      // Still unreachable (the client has marked it); the next probe tries again.
    }
    if (connectivity.isOnline()) void drain();
  }

  return {
    drain,
    /** Resolves once the pass under way, if any, is over. */
    idle: () => running ?? Promise.resolve(),

    /**
     * Starts replaying: at once, whenever the server becomes reachable (the `online` event, or any answer after a
     * failure), when the window gets focus or becomes visible, when an account signs in (its held changes go), and
     * on a periodic probe while changes wait. Returns a function that stops it.
     */
    start(): () => void {
      const nudge = () => {
        if (hasWaiting()) void drain();
      };
      const onVisible = () => {
        if (document.visibilityState === 'visible') nudge();
      };
      const stopConnectivity = connectivity.subscribe(() => {
        if (connectivity.isOnline()) nudge();
      });
      const stopAccount = parts.signedIn.subscribe(nudge);
      window.addEventListener('focus', nudge);
      document.addEventListener('visibilitychange', onVisible);
      const timer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
      nudge();
      return () => {
        stopConnectivity();
        stopAccount();
        window.removeEventListener('focus', nudge);
        document.removeEventListener('visibilitychange', onVisible);
        clearInterval(timer);
      };
    },

    /** 'Refresh configuration': the server's current record of a held change is loaded. */
    refreshHeld: (seq: number) => deciding(seq, () => outbox.refreshConflict(seq)),

    /** 'Apply again': a held change is rebased on the server's current record and sent. */
    async applyAgain(seq: number) {
      await deciding(seq, () => outbox.rebase(seq));
      await drain();
    },

    /** 'Retry': a failed change is sent again (see the outbox's retry). */
    async retry(seq: number) {
      await outbox.retry(seq);
      await drain();
    },
  };
}

export type Replay = ReturnType<typeof createReplay>;
