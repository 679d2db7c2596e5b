import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { diff } from '../platform/events/diff.ts';
import { listEvents, type EventRow } from '../platform/events/store.ts';

/** An event as the API shows it: Unleash's fields plus featureName and preData; diffs go from preData to data. */
export const eventResponse = (e: EventRow) => ({
  id: e.id,
  type: e.type,
  createdBy: e.createdBy,
  createdAt: e.createdAt,
  data: e.data,
  preData: e.preData,
  tags: e.tags,
  featureName: e.featureName,
  project: e.project,
  environment: e.environment,
  diffs: e.data != null && e.preData != null ? diff(e.preData, e.data) : null,
});

export async function eventRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  // Every event (users, tokens, ...): instance admins only, as the console's Event History.
  app.get('/api/admin/events', { config: { permission: 'ADMIN' } }, async () => ({
    version: 1,
    events: (await listEvents(deps.db)).map(eventResponse),
  }));

  // A toggle's change log: any signed-in user (the toggle's Log tab).
  app.get(
    '/api/admin/events/:toggleName',
    { config: { permission: 'NONE' }, schema: { params: Type.Object({ toggleName: Type.String({ maxLength: 200 }) }) } },
    async (request) => ({
      toggleName: request.params.toggleName,
      events: (await listEvents(deps.db, request.params.toggleName)).map(eventResponse),
    }),
  );
}
