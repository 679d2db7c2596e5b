import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateStrategyBody,
  StrategyDefinitionSchema,
  StrategyListSchema,
  StrategyNameBody,
  StrategyNameParams,
  UpdateStrategyBody,
} from '../../contract/strategies.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { nameCheckRoute } from '../platform/http/name-check.ts';
import { listStrategies } from './read-model.ts';
import { changeStrategy, createStrategy, requireStrategy, setDeprecated, validateStrategyName } from './service.ts';
import { strategyView } from './views.ts';

/** Strategy definitions. The deletion of one, refused while toggles use it, is in strategy-usage/. */
export const strategyRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/strategies',
    { config: { permission: 'NONE' }, schema: { response: { 200: StrategyListSchema } } },
    async () => ({ version: 1 as const, strategies: (await listStrategies(deps.db)).map(strategyView) }),
  );

  app.get(
    '/api/admin/strategies/:name',
    {
      config: { permission: 'NONE' },
      schema: { params: StrategyNameParams, response: { 200: StrategyDefinitionSchema } },
    },
    async (request) => strategyView(await requireStrategy(deps, request.params.name)),
  );

  nameCheckRoute(app, '/api/admin/strategies/validate', StrategyNameBody, ({ name }) =>
    validateStrategyName(deps, name),
  );

  app.post(
    '/api/admin/strategies',
    { config: { permission: 'CREATE_STRATEGY' }, schema: { body: CreateStrategyBody, response: { 201: NoBody } } },
    (request, reply) => answerEmpty(reply, 201, createStrategy(deps, callerName(request), request.body)),
  );

  app.put(
    '/api/admin/strategies/:name',
    {
      config: { permission: 'UPDATE_STRATEGY' },
      schema: { params: StrategyNameParams, body: UpdateStrategyBody, response: { 200: NoBody } },
    },
    (request, reply) =>
      answerEmpty(reply, 200, changeStrategy(deps, callerName(request), request.params.name, request.body)),
  );

  for (const [action, deprecated] of [
    ['deprecate', true],
    ['reactivate', false],
  ] as const) {
    app.post(
      `/api/admin/strategies/:name/${action}`,
      { config: { permission: 'UPDATE_STRATEGY' }, schema: { params: StrategyNameParams, response: { 200: NoBody } } },
      (request, reply) =>
        answerEmpty(reply, 200, setDeprecated(deps, callerName(request), request.params.name, deprecated)),
    );
  }
};
