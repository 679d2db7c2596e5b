import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  SegmentBody,
  SegmentListSchema,
  SegmentNameBody,
  SegmentParams,
  SegmentSchema,
} from '../../contract/segments.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { nameCheckRoute } from '../platform/http/name-check.ts';
import { listSegments } from './read-model.ts';
import { createSegment, requireSegment, validateSegmentName } from './service.ts';
import { segmentView } from './views.ts';

/**
 * Segments (Unleash 4.13+ admin API): named lists of constraints that strategies share. The calls that depend on the
 * strategies using a segment (its strategies, its change and its deletion) are in strategy-usage/.
 */
export const segmentRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/segments',
    { config: { permission: 'NONE' }, schema: { response: { 200: SegmentListSchema } } },
    async () => ({ segments: (await listSegments(deps.db)).map(segmentView) }),
  );

  nameCheckRoute(
    app,
    '/api/admin/segments/validate',
    SegmentNameBody,
    ({ name }) => validateSegmentName(deps, name),
    204,
  );

  app.get(
    '/api/admin/segments/:id',
    { config: { permission: 'NONE' }, schema: { params: SegmentParams, response: { 200: SegmentSchema } } },
    async (request) => segmentView(await requireSegment(deps, request.params.id)),
  );

  app.post(
    '/api/admin/segments',
    { config: { permission: 'CREATE_SEGMENT' }, schema: { body: SegmentBody, response: { 201: SegmentSchema } } },
    async (request, reply) => {
      const row = await createSegment(deps, callerName(request), request.body);
      return reply.status(201).header('Location', `segments/${row.id}`).send(segmentView(row));
    },
  );
};
