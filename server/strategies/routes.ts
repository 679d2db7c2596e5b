import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../auth/service.ts';
import {
  changeStrategy,
  createStrategy,
  removeStrategy,
  requireStrategy,
  setDeprecated,
  strategyResponse,
  validateStrategyName,
} from './service.ts';
import { listStrategies } from './store.ts';

const Name = Type.String({ maxLength: 200 });
const NameParams = Type.Object({ name: Name });
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Parameter = Type.Object({
  name: Text(100),
  type: Text(50),
  description: Text(1000),
  required: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});
/** A definition in a request body; the rules beyond shape (name, parameter types) are in service.ts. */
const StrategyFields = {
  displayName: Text(100),
  description: Text(1000),
  parameters: Type.Optional(Type.Array(Parameter, { maxItems: 100 })),
};

export async function strategyRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/strategies', { config: { permission: 'NONE' } }, async () => ({
    version: 1,
    strategies: (await listStrategies(deps.db)).map(strategyResponse),
  }));

  app.get(
    '/api/admin/strategies/:name',
    { config: { permission: 'NONE' }, schema: { params: NameParams } },
    async (request) => strategyResponse(await requireStrategy(deps, request.params.name)),
  );

  app.post(
    '/api/admin/strategies/validate',
    { config: { permission: 'NONE' }, schema: { body: Type.Object({ name: Name }) } },
    async (request, reply) => {
      await validateStrategyName(deps, request.body.name);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/strategies',
    {
      config: { permission: 'CREATE_STRATEGY' },
      schema: { body: Type.Object({ name: Name, ...StrategyFields }) },
    },
    async (request, reply) => {
      await createStrategy(deps, callerName(request), request.body);
      return reply.status(201).send();
    },
  );

  app.put(
    '/api/admin/strategies/:name',
    {
      config: { permission: 'UPDATE_STRATEGY' },
      schema: { params: NameParams, body: Type.Object({ name: Type.Optional(Name), ...StrategyFields }) },
    },
    async (request, reply) => {
      await changeStrategy(deps, callerName(request), request.params.name, request.body);
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/strategies/:name',
    { config: { permission: 'DELETE_STRATEGY' }, schema: { params: NameParams } },
    async (request, reply) => {
      await removeStrategy(deps, callerName(request), request.params.name);
      return reply.status(200).send();
    },
  );

  for (const [action, deprecated] of [
    ['deprecate', true],
    ['reactivate', false],
  ] as const) {
    app.post(
      `/api/admin/strategies/:name/${action}`,
      { config: { permission: 'UPDATE_STRATEGY' }, schema: { params: NameParams } },
      async (request, reply) => {
        await setDeprecated(deps, callerName(request), request.params.name, deprecated);
        return reply.status(200).send();
      },
    );
  }
}
