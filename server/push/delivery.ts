import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import webpush from 'web-push';
import type { AddonDeliveryConfig } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { fanOut } from './fan-out.ts';
import { pushServiceOf } from './service.ts';
import {
  claimDuePushes,
  deleteSubscriptionById,
  recordPushAttempt,
  type ClaimedPush,
  type PushOutcome,
} from './store.ts';
import { vapidKeys, vapidSubject, type VapidKeys } from './vapid.ts';

/** Pushes sent at once. */
const CONCURRENCY = 8;
/** The longest wait between two attempts. */
const MAX_RETRY_MS = 3_600_000;
/** How long a push service keeps a message for a device that is offline (RFC 8030's TTL), in seconds. */
const TTL_SECONDS = 24 * 3600;
/** The push service no longer knows the subscription (RFC 8030): it is removed. */
const GONE = new Set([404, 410]);
/** Answers worth trying again later; any other non-2xx fails the delivery at once. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Sends the push outbox: started with the server, stopped when it closes. Woken after every change this process
 * commits or hears of from another process (the revisions' bump), every `pollMs` (retries), and when a send
 * finishes, it first queues the deliveries of new audit events (fanOut), then sends due ones by lease, each
 * encrypted for its device (RFC 8291, aes128gcm) and signed with the instance's VAPID key. Push deliveries follow
 * the addons' timeout, retry and attempt settings (ADDON_*).
 */
export class PushWorker {
  readonly #db: Db;
  readonly #config: AddonDeliveryConfig;
  readonly #subject: string;
  readonly #log: FastifyBaseLogger;
  readonly #sending = new Set<Promise<void>>();
  #keys: VapidKeys | undefined;
  #running = false;
  #working: Promise<void> | undefined;
  #again = false;
  #poll: NodeJS.Timeout | undefined;

  constructor(deps: Pick<AppDeps, 'db' | 'config'>, log: FastifyBaseLogger) {
    this.#db = deps.db;
    this.#config = deps.config.addonDelivery;
    this.#subject = vapidSubject(deps.config.unleashUrl);
    this.#log = log;
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#keys = await vapidKeys(this.#db);
    this.#running = true;
    this.#poll = setInterval(() => this.wake(), this.#config.pollMs).unref();
    this.wake();
  }

  /** Stops looking and waits for the sends under way (each ends within the timeout). */
  async stop(): Promise<void> {
    this.#running = false;
    clearInterval(this.#poll);
    while (this.#working || this.#sending.size > 0) {
      await Promise.allSettled([...this.#sending, this.#working]);
    }
  }

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
        while ((await fanOut(this.#db)) && this.#running);
        const free = CONCURRENCY - this.#sending.size;
        if (free <= 0) break;
        const claimed = await claimDuePushes(this.#db, free, this.#config.timeoutMs * 2 + 30_000);
        for (const push of claimed) this.#track(this.#deliver(push));
        if (claimed.length === free) this.#again = true;
      } while (this.#again && this.#running);
    } catch (error) {
      this.#log.error(
        { err: error },
        'push notifications could not be queued or claimed; trying again at the next poll',
      );
    }
  }

  #track(sending: Promise<void>): void {
    this.#sending.add(sending);
    void sending.finally(() => {
      this.#sending.delete(sending);
      this.wake();
    });
  }

  async #deliver(push: ClaimedPush): Promise<void> {
    try {
      const status = await this.#send(push).catch(() => null);
      if (status !== null && GONE.has(status)) {
        await this.#forget(push);
        return;
      }
      const outcome = this.#outcome(push, status);
      await recordPushAttempt(this.#db, push.id, outcome);
      if (outcome.state === 'pending' && outcome.retryInMs < this.#config.pollMs) {
        setTimeout(() => this.wake(), outcome.retryInMs).unref();
      }
    } catch (error) {
      // The lease runs out and the delivery is claimed again.
      this.#log.error({ err: error, delivery: push.id }, 'a push delivery could not be recorded');
    }
  }

  /** POSTs the encrypted message to the device's push service; resolves to the status code. */
  async #send(push: ClaimedPush): Promise<number> {
    const request = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.message),
      { vapidDetails: { subject: this.#subject, ...this.#keys! }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body === null ? null : new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(this.#config.timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  }

  /** Delivered on a 2xx; retried with a doubling delay after a network error or a retryable status; else failed. */
  #outcome(push: ClaimedPush, status: number | null): PushOutcome {
    if (status !== null && status >= 200 && status < 300) return { status, state: 'delivered' };
    const attempts = push.attempts + 1;
    const retryable = status === null || RETRY_STATUSES.has(status);
    if (!retryable || attempts >= this.#config.maxAttempts) return { status, state: 'failed' };
    return { status, state: 'pending', retryInMs: Math.min(this.#config.retryMs * 2 ** (attempts - 1), MAX_RETRY_MS) };
  }

  /** The push service answered 404 or 410: the subscription (and its deliveries) is removed, and audited. */
  async #forget(push: ClaimedPush): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const removed = await deleteSubscriptionById(tx, push.subscriptionId);
      if (!removed) return;
      await appendEvent(tx, {
        type: 'push-subscription-removed',
        createdBy: 'system',
        data: { pushService: pushServiceOf(removed.endpoint), reason: 'gone' },
      });
    });
  }
}

/** Runs the push worker with the app: started once it is ready, woken by every revision bump, stopped on close. */
export function registerPushDelivery(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>): void {
  const worker = new PushWorker(deps, app.log);
  const stopListening = app.revisions.onBump(() => worker.wake());
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', async () => {
    stopListening();
    await worker.stop();
  });
}
