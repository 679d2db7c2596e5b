import type { FastifyBaseLogger } from 'fastify';
import type { AddonDeliveryConfig } from '../config.ts';

// A worker that sends a leased outbox (the addons' deliveries, the push notifications): every process runs one, and
// rows are taken by lease in the database, so no two processes send one row at once and a process that dies leaves
// its rows due again once their leases run out.

/** Rows sent at once; one slow receiver holds one slot, never the others. */
const CONCURRENCY = 8;
/** The longest wait between two attempts. */
const MAX_RETRY_MS = 3_600_000;

/** What the worker follows (ADDON_*): how long a send may take, the retries' first delay and count, the poll. */
export type OutboxSettings = Pick<AddonDeliveryConfig, 'timeoutMs' | 'retryMs' | 'maxAttempts' | 'pollMs'>;

/** An outbox as its worker sends it. */
export interface Outbox<Row extends { id: number }> {
  /** What is sent: it names the outbox in the worker's log lines ('addon deliveries', 'push notifications'). */
  name: string;
  /** Work each round does before it claims (the push outbox queues the deliveries of new events). */
  beforeClaim?(): Promise<void>;
  /** Leases up to `limit` due rows for `leaseMs` (the lease: their due time moves past it). */
  claim(limit: number, leaseMs: number): Promise<Row[]>;
  /** Sends one row and records how it went; answers the wait before its next attempt when it is to be tried again. */
  send(row: Row): Promise<number | undefined>;
}

/** Where a row stands after a failed attempt (`attempts` made before it): retried after a doubling delay, or failed. */
export function afterFailure(
  attempts: number,
  retryable: boolean,
  settings: OutboxSettings,
): { state: 'pending'; retryInMs: number } | { state: 'failed' } {
  const made = attempts + 1;
  if (!retryable || made >= settings.maxAttempts) return { state: 'failed' };
  return { state: 'pending', retryInMs: Math.min(settings.retryMs * 2 ** (made - 1), MAX_RETRY_MS) };
}

/** POSTs (or `method`s) one request without following redirects, within `timeoutMs`; resolves to the status code. */
export async function sendRequest(
  url: string,
  request: { method?: string; headers: Record<string, string>; body: RequestInit['body'] },
  timeoutMs: number,
): Promise<number> {
  const response = await fetch(url, {
    method: request.method ?? 'POST',
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer().catch(() => undefined); // the answer's body is read and dropped
  return response.status;
}

/**
 * Sends an outbox: started with the server, stopped when it closes. It claims due rows when woken (after changes
 * that queued some), every `pollMs` (other processes' rows, and retries), and whenever a send finishes; each claimed
 * row is sent on its own, at most CONCURRENCY at once. A retry due before the next poll wakes it then.
 */
export class OutboxWorker<Row extends { id: number }> {
  readonly #outbox: Outbox<Row>;
  readonly #settings: OutboxSettings;
  readonly #log: FastifyBaseLogger;
  readonly #sending = new Set<Promise<void>>();
  #running = false;
  /** The round under way. */
  #working: Promise<void> | undefined;
  #again = false;
  #poll: NodeJS.Timeout | undefined;

  constructor(outbox: Outbox<Row>, settings: OutboxSettings, log: FastifyBaseLogger) {
    this.#outbox = outbox;
    this.#settings = settings;
    this.#log = log;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#poll = setInterval(() => this.wake(), this.#settings.pollMs).unref();
    this.wake();
  }

  /** Stops claiming and waits for the sends under way (each ends within the timeout). */
  async stop(): Promise<void> {
    this.#running = false;
    clearInterval(this.#poll);
    while (this.#working || this.#sending.size > 0) {
      await Promise.allSettled([...this.#sending, this.#working]);
    }
  }

  /** Claims what is due now; a wake during a round makes one more. */
  wake(): void {
    if (!this.#running) return;
    if (this.#working) {
      this.#again = true;
      return;
    }
    this.#working = this.#work().finally(() => {
      this.#working = undefined;
    });
  }

  async #work(): Promise<void> {
    try {
      do {
        this.#again = false;
        await this.#outbox.beforeClaim?.();
        const free = CONCURRENCY - this.#sending.size;
        if (free <= 0) break;
        const claimed = await this.#outbox.claim(free, this.#leaseMs());
        for (const row of claimed) this.#track(this.#send(row));
        if (claimed.length === free) this.#again = true;
      } while (this.#again && this.#running);
    } catch (error) {
      this.#log.error({ err: error }, `${this.#outbox.name} could not be claimed; trying again at the next poll`);
    }
  }

  /** Longer than a send can take (every request of a row runs at once, each within the timeout). */
  #leaseMs(): number {
    return this.#settings.timeoutMs * 2 + 30_000;
  }

  #track(sending: Promise<void>): void {
    this.#sending.add(sending);
    void sending.finally(() => {
      this.#sending.delete(sending);
      this.wake();
    });
  }

  async #send(row: Row): Promise<void> {
    try {
      const retryInMs = await this.#outbox.send(row);
      if (retryInMs !== undefined && retryInMs < this.#settings.pollMs) {
        setTimeout(() => this.wake(), retryInMs).unref();
      }
    } catch (error) {
      // The lease runs out and the row is claimed again.
      this.#log.error({ err: error, delivery: row.id }, `${this.#outbox.name}: a send could not be recorded`);
    }
  }
}
