import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AddonDeliveryConfig } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { claimDue, findAddon, recordAttempt, type ClaimedDelivery, type Outcome } from '../platform/events/outbox.ts';
import { findEvent, outboxWriteCount } from '../platform/events/store.ts';
import { addonEvent, requestsFor, type OutgoingRequest } from './messages.ts';

/** Deliveries sent at once; one slow receiver holds one slot, never the others. */
const CONCURRENCY = 8;
/** The longest wait between two attempts. */
const MAX_RETRY_MS = 3_600_000;
/** Answers worth trying again later (Unleash 4's list, plus 429); any other non-2xx fails the delivery at once. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504, 522, 524]);

/** Why no answer came, without the receiver's URL (it may be a secret). */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${timeoutMs} ms`;
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  // fetch refuses the ports the Fetch standard lists as bad (9, 25, 6000...) before connecting.
  if (cause?.message === 'bad port') return 'port not allowed (a bad port in the Fetch standard)';
  const code = cause?.code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found (DNS)',
    EHOSTUNREACH: 'host unreachable',
    UND_ERR_SOCKET: 'connection closed',
  };
  if (typeof code === 'string') return known[code] ?? `network error (${code})`;
  return 'network error';
}

/** POSTs one request; resolves to the status code (the answer's body is read and dropped). */
async function post(request: OutgoingRequest, timeoutMs: number): Promise<number> {
  const response = await fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/**
 * Sends the addons' outbox (see claimDue): started with the server, stopped when it closes. It claims due deliveries
 * when woken (after a request of this process queued some, see `wakeIfQueued`), every `pollMs` (other processes'
 * and retries), and whenever a send finishes; each claimed delivery is sent on its own, at most CONCURRENCY at once.
 */
export class DeliveryWorker {
  readonly #db: Db;
  readonly #config: AddonDeliveryConfig;
  readonly #consoleUrl: string;
  readonly #log: FastifyBaseLogger;
  readonly #sending = new Set<Promise<void>>();
  #running = false;
  #claiming = false;
  /** The claim under way (or the last one). */
  #claimed: Promise<void> = Promise.resolve();
  #again = false;
  #poll: NodeJS.Timeout | undefined;
  #seenWrites = outboxWriteCount();

  constructor(deps: Pick<AppDeps, 'db' | 'config'>, log: FastifyBaseLogger) {
    this.#db = deps.db;
    this.#config = deps.config.addonDelivery;
    this.#consoleUrl = deps.config.unleashUrl;
    this.#log = log;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#poll = setInterval(() => this.wake(), this.#config.pollMs).unref();
    this.wake();
  }

  /** Stops claiming and waits for the sends under way (each ends within the timeout). */
  async stop(): Promise<void> {
    this.#running = false;
    clearInterval(this.#poll);
    while (this.#claiming || this.#sending.size > 0) {
      await Promise.allSettled([...this.#sending, this.#claimed]);
    }
  }

  /** Wakes the worker when this process queued deliveries since it last looked (call after a commit). */
  wakeIfQueued(): void {
    const writes = outboxWriteCount();
    if (writes === this.#seenWrites) return;
    this.#seenWrites = writes;
    this.wake();
  }

  wake(): void {
    if (!this.#running) return;
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    this.#claimed = this.#claim();
  }

  async #claim(): Promise<void> {
    this.#claiming = true;
    try {
      do {
        this.#again = false;
        const free = CONCURRENCY - this.#sending.size;
        if (free <= 0) break;
        const claimed = await claimDue(this.#db, free, this.#leaseMs());
        for (const delivery of claimed) this.#track(this.#deliver(delivery));
        if (claimed.length === free) this.#again = true;
      } while (this.#again && this.#running);
    } catch (error) {
      this.#log.error({ err: error }, 'addon deliveries could not be claimed; trying again at the next poll');
    } finally {
      this.#claiming = false;
    }
  }

  /** Longer than a send can take (every request of a delivery runs at once, each within the timeout). */
  #leaseMs(): number {
    return this.#config.timeoutMs * 2 + 30_000;
  }

  #track(sending: Promise<void>): void {
    this.#sending.add(sending);
    void sending.finally(() => {
      this.#sending.delete(sending);
      this.wake();
    });
  }

  async #deliver(delivery: ClaimedDelivery): Promise<void> {
    try {
      const outcome = await this.#attempt(delivery);
      if (!outcome) return;
      await recordAttempt(this.#db, delivery, outcome);
      const { next } = outcome;
      if (next.state === 'pending' && next.retryInMs < this.#config.pollMs) {
        setTimeout(() => this.wake(), next.retryInMs).unref();
      }
    } catch (error) {
      // The lease runs out and the delivery is claimed again.
      this.#log.error({ err: error, delivery: delivery.id }, 'an addon delivery could not be recorded');
    }
  }

  /** Sends the delivery; undefined when its addon or event is gone (deleted with it). */
  async #attempt(delivery: ClaimedDelivery): Promise<Outcome | undefined> {
    const [addon, row] = await Promise.all([
      findAddon(this.#db, delivery.addonId),
      findEvent(this.#db, delivery.eventId),
    ]);
    if (!addon || !row) return undefined;
    const event = addonEvent(row);
    if (!addon.enabled) return { statusCode: null, error: 'the addon is disabled', next: { state: 'failed' } };
    let requests: OutgoingRequest[];
    try {
      requests = requestsFor(addon.provider, addon.parameters, event, this.#consoleUrl);
    } catch (error) {
      const message = `the message could not be made: ${(error as Error).message}`;
      return { statusCode: null, error: message, next: { state: 'failed' } };
    }
    const { timeoutMs } = this.#config;
    const results = await Promise.allSettled(requests.map((request) => post(request, timeoutMs)));
    const failed = results.find((r) => r.status === 'rejected' || r.value < 200 || r.value >= 300);
    if (!failed) {
      const ok = results[0] as PromiseFulfilledResult<number>;
      return { statusCode: ok.value, error: null, next: { state: 'delivered' } };
    }
    const attempts = delivery.attempts + 1;
    const retryable = failed.status === 'rejected' || RETRY_STATUSES.has(failed.value);
    const next: Outcome['next'] =
      retryable && attempts < this.#config.maxAttempts
        ? { state: 'pending', retryInMs: Math.min(this.#config.retryMs * 2 ** (attempts - 1), MAX_RETRY_MS) }
        : { state: 'failed' };
    return failed.status === 'rejected'
      ? { statusCode: null, error: describeFailure(failed.reason, timeoutMs), next }
      : { statusCode: failed.value, error: null, next };
  }
}

/**
 * Runs the delivery worker with the app: it starts once the app is ready, is woken after every answer whose
 * request queued deliveries (its transaction has committed by then), and stops when the app closes.
 */
export function registerAddonDelivery(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>): void {
  const worker = new DeliveryWorker(deps, app.log);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onResponse', async () => worker.wakeIfQueued());
  app.addHook('onClose', () => worker.stop());
}
