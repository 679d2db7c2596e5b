import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EventListSchema,
  EventsQuery,
  ToggleEventsQuery,
  ToggleEventsSchema,
  ToggleNameParams,
} from '../../contract/events.ts';
import type { AppDeps } from '../deps.ts';
import { eventPage } from './pages.ts';

const PAGING =
  "Newest first, `limit` (default 100, at most 1000) per page; the next page is `before` the previous answer's " +
  '`next` (null on the last page). Filters: `type`, `project`, `createdBy`, and `from`/`to` (ISO times, inclusive).';

export const eventRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  // Every event (users, tokens, ...): instance admins only, as the console's Event History.
  app.get(
    '/api/admin/events',
    {
      config: { permission: 'ADMIN' },
      schema: {
        description: `Every audit event. ${PAGING} \`feature\`: one toggle's events.`,
        querystring: EventsQuery,
        response: { 200: EventListSchema },
      },
    },
    async (request) => ({ version: 1 as const, ...(await eventPage(deps.db, request.query)) }),
  );

  // A toggle's change log: any signed-in user (the toggle's Log tab).
  app.get(
    '/api/admin/events/:toggleName',
    {
      config: { permission: 'NONE' },
      schema: {
        description: `One toggle's audit events. ${PAGING}`,
        params: ToggleNameParams,
        querystring: ToggleEventsQuery,
        response: { 200: ToggleEventsSchema },
      },
    },
    async (request) => ({
      toggleName: request.params.toggleName,
      ...(await eventPage(deps.db, { ...request.query, feature: request.params.toggleName })),
    }),
  );
};
