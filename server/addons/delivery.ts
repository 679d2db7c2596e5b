import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { claimDue, findAddon, recordAttempt, type ClaimedDelivery, type Outcome } from '../platform/events/outbox.ts';
import { findEvent, outboxWriteCount } from '../platform/events/store.ts';
import { afterFailure, OutboxWorker, sendRequest, type Outbox } from '../platform/outbox-worker.ts';
import { addonEvent, requestsFor, type OutgoingRequest } from './messages.ts';

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

/**
 * The addons' outbox (see claimDue): each claimed delivery is made into its requests (Slack: one per channel), sent at
 * once, and its attempt recorded; one that fails is retried with a doubling delay (RETRY_STATUSES and network errors),
 * any other refusal fails it at once.
 */
function addonOutbox(deps: Pick<AppDeps, 'db' | 'config'>): Outbox<ClaimedDelivery> {
  const { db } = deps;
  const settings = deps.config.addonDelivery;
  const consoleUrl = deps.config.unleashUrl;

  /** Sends the delivery; undefined when its addon or event is gone (deleted with it). */
  async function attempt(delivery: ClaimedDelivery): Promise<Outcome | undefined> {
    const [addon, row] = await Promise.all([findAddon(db, delivery.addonId), findEvent(db, delivery.eventId)]);
    if (!addon || !row) return undefined;
    const event = addonEvent(row);
    if (!addon.enabled) return { statusCode: null, error: 'the addon is disabled', next: { state: 'failed' } };
    let requests: OutgoingRequest[];
    try {
      requests = requestsFor(addon.provider, addon.parameters, event, consoleUrl);
    } catch (error) {
      const message = `the message could not be made: ${(error as Error).message}`;
      return { statusCode: null, error: message, next: { state: 'failed' } };
    }
    const { timeoutMs } = settings;
    const results = await Promise.allSettled(requests.map((request) => sendRequest(request.url, request, timeoutMs)));
    const failed = results.find((r) => r.status === 'rejected' || r.value < 200 || r.value >= 300);
    if (!failed) {
      const ok = results[0] as PromiseFulfilledResult<number>;
      return { statusCode: ok.value, error: null, next: { state: 'delivered' } };
    }
    const retryable = failed.status === 'rejected' || RETRY_STATUSES.has(failed.value);
    const next = afterFailure(delivery.attempts, retryable, settings);
    return failed.status === 'rejected'
      ? { statusCode: null, error: describeFailure(failed.reason, timeoutMs), next }
      : { statusCode: failed.value, error: null, next };
  }

  return {
    name: 'addon deliveries',
    claim: (limit, leaseMs) => claimDue(db, limit, leaseMs),
    async send(delivery) {
      const outcome = await attempt(delivery);
      if (!outcome) return undefined;
      await recordAttempt(db, delivery, outcome);
      return outcome.next.state === 'pending' ? outcome.next.retryInMs : undefined;
    },
  };
}

/**
 * Runs the addons' delivery worker with the app: it starts once the app is ready, is woken after every answer whose
 * request queued deliveries (its transaction has committed by then: this process's outbox writes moved on), and stops
 * when the app closes.
 */
export function registerAddonDelivery(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>): void {
  const worker = new OutboxWorker(addonOutbox(deps), deps.config.addonDelivery, app.log);
  let seenWrites = outboxWriteCount();
  app.addHook('onReady', async () => worker.start());
  app.addHook('onResponse', async () => {
    const writes = outboxWriteCount();
    if (writes === seenWrites) return;
    seenWrites = writes;
    worker.wake();
  });
  app.addHook('onClose', () => worker.stop());
}
