import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  PushSubscriptionBody,
  PushSubscriptionRefBody,
  PushSubscriptionSchema,
  VapidPublicKeySchema,
} from '../../contract/push.ts';
import type { AppDeps } from '../deps.ts';
import { callerName, requireUser } from '../platform/access/caller.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { subscribe, unsubscribe, type Subscriber } from './service.ts';
import { vapidKeys } from './vapid.ts';

/** A device is registered by a signed-in person; an API token is a 403, saying so. */
const subscriberOf = (request: FastifyRequest): Subscriber => ({
  userId: requireUser(request).id,
  name: callerName(request),
});

const SUBSCRIPTIONS = '/api/admin/user/push-subscriptions';

/**
 * Web Push to the installed console: the instance's VAPID public key, and each signed-in person's devices (their own
 * only). What is sent, and to whom, is decided from the audit log (fan-out.ts) and sent by the worker (delivery.ts).
 */
export const pushRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/push/vapid-public-key',
    {
      config: { permission: 'NONE' },
      schema: {
        description: 'The public key (VAPID) a browser subscribes to push notifications with.',
        response: { 200: VapidPublicKeySchema },
      },
    },
    async () => ({ publicKey: (await vapidKeys(deps.db)).publicKey }),
  );

  app.post(
    SUBSCRIPTIONS,
    {
      config: { permission: 'NONE' },
      schema: {
        description: "Registers this device's PushSubscription for the signed-in user.",
        body: PushSubscriptionBody,
        response: { 201: PushSubscriptionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await subscribe(deps, subscriberOf(request), request.body)),
  );

  app.delete(
    SUBSCRIPTIONS,
    {
      config: { permission: 'NONE' },
      schema: {
        description: "Forgets one of the signed-in user's devices, by its endpoint (200 also when it was not known).",
        body: PushSubscriptionRefBody,
        response: { 200: NoBody },
      },
    },
    async (request, reply) => {
      await unsubscribe(deps, subscriberOf(request), request.body);
      return reply.status(200).send();
    },
  );
};
