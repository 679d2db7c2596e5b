import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../auth/service.ts';
import {
  changeEnvironment,
  createEnvironment,
  ENVIRONMENT_TYPES,
  removeEnvironment,
  requireEnvironment,
  setEnvironmentEnabled,
  sortEnvironments,
  validateEnvironmentName,
} from './service.ts';
import { environmentResponse, listEnvironments } from './store.ts';

const Name = Type.String({ maxLength: 100 });
const NameParams = Type.Object({ name: Name });
const EnvironmentType = Type.Enum([...ENVIRONMENT_TYPES]);
const SortOrder = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });

export async function environmentRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/environments', { config: { permission: 'NONE' } }, async () => ({
    version: 1,
    environments: (await listEnvironments(deps.db)).map(environmentResponse),
  }));

  app.get(
    '/api/admin/environments/:name',
    { config: { permission: 'NONE' }, schema: { params: NameParams } },
    async (request) => environmentResponse(await requireEnvironment(deps.db, request.params.name)),
  );

  app.post(
    '/api/admin/environments/validate',
    { config: { permission: 'NONE' }, schema: { body: Type.Object({ name: Name }) } },
    async (request, reply) => {
      await validateEnvironmentName(deps.db, request.body.name);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/environments',
    {
      config: { permission: 'ADMIN' },
      schema: { body: Type.Object({ name: Name, type: EnvironmentType, sortOrder: Type.Optional(SortOrder) }) },
    },
    async (request, reply) => {
      const row = await createEnvironment(deps, callerName(request), request.body);
      return reply.status(201).send(environmentResponse(row));
    },
  );

  app.put(
    '/api/admin/environments/update/:name',
    {
      config: { permission: 'UPDATE_ENVIRONMENT' },
      schema: { params: NameParams, body: Type.Object({ type: EnvironmentType, sortOrder: Type.Optional(SortOrder) }) },
    },
    async (request) =>
      environmentResponse(await changeEnvironment(deps, callerName(request), request.params.name, request.body)),
  );

  app.put(
    '/api/admin/environments/sort-order',
    {
      config: { permission: 'UPDATE_ENVIRONMENT' },
      schema: { body: Type.Record(Type.String(), SortOrder, { minProperties: 1, maxProperties: 1000 }) },
    },
    async (request, reply) => {
      await sortEnvironments(deps, callerName(request), request.body);
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/environments/:name',
    { config: { permission: 'DELETE_ENVIRONMENT' }, schema: { params: NameParams } },
    async (request, reply) => {
      await removeEnvironment(deps, callerName(request), request.params.name);
      return reply.status(200).send();
    },
  );

  for (const [state, enabled] of [['on', true], ['off', false]] as const) {
    app.post(
      `/api/admin/environments/:name/${state}`,
      { config: { permission: 'UPDATE_ENVIRONMENT' }, schema: { params: NameParams } },
      async (request, reply) => {
        await setEnvironmentEnabled(deps, callerName(request), request.params.name, enabled);
        return reply.status(204).send();
      },
    );
  }
}
