import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import type { AppDeps } from '../deps.ts';
import { appendEvent } from '../platform/events/store.ts';
import { afterFailure, OutboxWorker, sendRequest, type Outbox } from '../platform/outbox-worker.ts';
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

/** How long a push service keeps a message for a device that is offline (RFC 8030's TTL), in seconds. */
const TTL_SECONDS = 24 * 3600;
/** The push service no longer knows the subscription (RFC 8030): it is removed. */
const GONE = new Set([404, 410]);
/** Answers worth trying again later; any other non-2xx fails the delivery at once. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/**
 * The push outbox: each round first queues the deliveries of new audit events (fanOut), then sends due ones by lease,
 * each encrypted for its device (RFC 8291, aes128gcm) and signed with the instance's VAPID key (`keys`, read when the
 * worker starts). Push deliveries follow the addons' timeout, retry and attempt settings (ADDON_*). A push service's
 * 404 or 410 removes the subscription.
 */
function pushOutbox(deps: Pick<AppDeps, 'db' | 'config'>, keys: VapidKeys): Outbox<ClaimedPush> {
  const { db } = deps;
  const settings = deps.config.addonDelivery;
  const subject = vapidSubject(deps.config.unleashUrl);

  /** POSTs the encrypted message to the device's push service; resolves to the status code. */
  function post(push: ClaimedPush): Promise<number> {
    const request = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.message),
      { vapidDetails: { subject, ...keys }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm' },
    );
    const body = request.body === null ? null : new Uint8Array(request.body);
    const headers = request.headers as Record<string, string>;
    return sendRequest(request.endpoint, { method: request.method, headers, body }, settings.timeoutMs);
  }

  /** Delivered on a 2xx; retried with a doubling delay after a network error or a retryable status; else failed. */
  function outcome(push: ClaimedPush, status: number | null): PushOutcome {
    if (status !== null && status >= 200 && status < 300) return { status, state: 'delivered' };
    return { status, ...afterFailure(push.attempts, status === null || RETRY_STATUSES.has(status), settings) };
  }

  /** The push service answered 404 or 410: the subscription (and its deliveries) is removed, and audited. */
  async function forget(push: ClaimedPush): Promise<void> {
    await db.transaction(async (tx) => {
      const removed = await deleteSubscriptionById(tx, push.subscriptionId);
      if (!removed) return;
      await appendEvent(tx, {
        type: 'push-subscription-removed',
        createdBy: 'system',
        data: { pushService: pushServiceOf(removed.endpoint), reason: 'gone' },
      });
    });
  }

  return {
    name: 'push notifications',
    async beforeClaim() {
      while (await fanOut(db));
    },
    claim: (limit, leaseMs) => claimDuePushes(db, limit, leaseMs),
    async send(push) {
      const status = await post(push).catch(() => null);
      if (status !== null && GONE.has(status)) {
        await forget(push);
        return undefined;
      }
      const next = outcome(push, status);
      await recordPushAttempt(db, push.id, next);
      return next.state === 'pending' ? next.retryInMs : undefined;
    },
  };
}

/**
 * Runs the push worker with the app: started once it is ready (the VAPID keys read first), woken after every change
 * this process commits or hears of from another process (the revisions' bump), stopped on close.
 */
export function registerPushDelivery(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>): void {
  let worker: OutboxWorker<ClaimedPush> | undefined;
  const stopListening = app.revisions.onBump(() => worker?.wake());
  app.addHook('onReady', async () => {
    worker = new OutboxWorker(pushOutbox(deps, await vapidKeys(deps.db)), deps.config.addonDelivery, app.log);
    worker.start();
  });
  app.addHook('onClose', async () => {
    stopListening();
    await worker?.stop();
  });
}
