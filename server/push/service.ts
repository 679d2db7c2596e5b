import type { PushSubscriptionInput, PushSubscriptionRef, PushSubscriptionView } from '../../contract/push.ts';
import type { AppDeps } from '../deps.ts';
import { appendEvent } from '../platform/events/store.ts';
import { allowsLoopbackHttp, checkEndpoint, checkKeys } from './rules.ts';
import { deleteSubscription, upsertSubscription } from './store.ts';

// The commands of push subscriptions; each is one transaction with its audit event.

/** Who registers a device: a signed-in person. */
export interface Subscriber {
  userId: number;
  name: string;
}

/** What the audit log keeps of an endpoint: the push service only (the whole URL is the device's address). */
export const pushServiceOf = (endpoint: string) => new URL(endpoint).origin;

/**
 * POST api/admin/user/push-subscriptions: registers this device for the person. Registering it again changes
 * nothing; an endpoint registered by someone else moves to this person (the device is theirs now).
 */
export async function subscribe(
  deps: AppDeps,
  subscriber: Subscriber,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionView> {
  checkEndpoint(input.endpoint, {
    loopbackHttp: allowsLoopbackHttp(deps.config.unleashUrl),
    services: deps.config.pushServices,
  });
  checkKeys(input.keys);
  return deps.db.transaction(async (tx) => {
    const { row, before } = await upsertSubscription(tx, {
      userId: subscriber.userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    });
    const same = before?.userId === row.userId && before.p256dh === row.p256dh && before.auth === row.auth;
    if (!same) {
      await appendEvent(tx, {
        type: 'push-subscription-added',
        createdBy: subscriber.name,
        data: { pushService: pushServiceOf(row.endpoint) },
      });
    }
    return { endpoint: row.endpoint, createdAt: row.createdAt };
  });
}

/** DELETE api/admin/user/push-subscriptions: forgets the person's device (200 also when it was not registered). */
export async function unsubscribe(deps: AppDeps, subscriber: Subscriber, ref: PushSubscriptionRef): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const removed = await deleteSubscription(tx, subscriber.userId, ref.endpoint);
    if (!removed) return;
    await appendEvent(tx, {
      type: 'push-subscription-removed',
      createdBy: subscriber.name,
      data: { pushService: pushServiceOf(removed.endpoint) },
    });
  });
}
