import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddonBody,
  AddonDeliveryLogSchema,
  AddonIdParams,
  AddonListSchema,
  AddonSchema,
} from '../../contract/addons.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { PROVIDERS } from './providers.ts';
import { listAddons, listAttempts } from '../platform/events/outbox.ts';
import { changeAddon, createAddon, removeAddon, requireAddon } from './service.ts';
import { addonView } from './views.ts';

/** Addons: any signed-in user reads them (as in Unleash); changes need CREATE_, UPDATE_ or DELETE_ADDON. */
export const addonRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/addons',
    { config: { permission: 'NONE' }, schema: { response: { 200: AddonListSchema } } },
    async () => ({ addons: (await listAddons(deps.db)).map(addonView), providers: [...PROVIDERS] }),
  );

  app.get(
    '/api/admin/addons/:id',
    { config: { permission: 'NONE' }, schema: { params: AddonIdParams, response: { 200: AddonSchema } } },
    async (request) => addonView(await requireAddon(deps, request.params.id)),
  );

  app.get(
    '/api/admin/addons/:id/deliveries',
    { config: { permission: 'NONE' }, schema: { params: AddonIdParams, response: { 200: AddonDeliveryLogSchema } } },
    async (request) => {
      const addon = await requireAddon(deps, request.params.id);
      return { attempts: await listAttempts(deps.db, addon.id) };
    },
  );

  app.post(
    '/api/admin/addons',
    { config: { permission: 'CREATE_ADDON' }, schema: { body: AddonBody, response: { 201: AddonSchema } } },
    async (request, reply) =>
      reply.status(201).send(addonView(await createAddon(deps, callerName(request), request.body))),
  );

  app.put(
    '/api/admin/addons/:id',
    {
      config: { permission: 'UPDATE_ADDON' },
      schema: { params: AddonIdParams, body: AddonBody, response: { 200: AddonSchema } },
    },
    async (request) => addonView(await changeAddon(deps, callerName(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/addons/:id',
    { config: { permission: 'DELETE_ADDON' }, schema: { params: AddonIdParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, removeAddon(deps, callerName(request), request.params.id)),
  );
};
