import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SegmentBody, SegmentParams, SegmentStrategiesSchema } from '../../contract/segments.ts';
import { StrategyNameParams } from '../../contract/strategies.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { changeSegment, removeSegment, removeStrategy, segmentStrategies } from './service.ts';

/**
 * The segment and strategy definition calls that depend on the toggles' strategies using them: a segment's
 * strategies, its change (UPDATE_SEGMENT) and deletion (DELETE_SEGMENT), and a definition's deletion
 * (DELETE_STRATEGY).
 */
export const strategyUsageRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/segments/:id/strategies',
    {
      config: { permission: 'NONE' },
      schema: { params: SegmentParams, response: { 200: SegmentStrategiesSchema } },
    },
    async (request) => segmentStrategies(deps, request.params.id),
  );

  app.put(
    '/api/admin/segments/:id',
    {
      config: { permission: 'UPDATE_SEGMENT' },
      schema: { params: SegmentParams, body: SegmentBody, response: { 204: NoBody } },
    },
    (request, reply) =>
      answerEmpty(reply, 204, changeSegment(deps, callerName(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/segments/:id',
    { config: { permission: 'DELETE_SEGMENT' }, schema: { params: SegmentParams, response: { 204: NoBody } } },
    (request, reply) => answerEmpty(reply, 204, removeSegment(deps, callerName(request), request.params.id)),
  );

  app.delete(
    '/api/admin/strategies/:name',
    { config: { permission: 'DELETE_STRATEGY' }, schema: { params: StrategyNameParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, removeStrategy(deps, callerName(request), request.params.name)),
  );
};
