import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EventListSchema, ToggleEventsSchema, ToggleNameParams } from '../../contract/events.ts';
import type { AppDeps } from '../deps.ts';
import { listEvents } from '../platform/events/store.ts';
import { eventView } from './views.ts';

export const eventRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  // Every event (users, tokens, ...): instance admins only, as the console's Event History.
  app.get(
    '/api/admin/events',
    { config: { permission: 'ADMIN' }, schema: { response: { 200: EventListSchema } } },
    async () => ({ version: 1 as const, events: (await listEvents(deps.db)).map(eventView) }),
  );

  // A toggle's change log: any signed-in user (the toggle's Log tab).
  app.get(
    '/api/admin/events/:toggleName',
    { config: { permission: 'NONE' }, schema: { params: ToggleNameParams, response: { 200: ToggleEventsSchema } } },
    async (request) => ({
      toggleName: request.params.toggleName,
      events: (await listEvents(deps.db, request.params.toggleName)).map(eventView),
    }),
  );
};
