import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../app.ts';
import { notFound } from '../http/errors.ts';
import { environmentResponse, findEnvironment, listEnvironments } from './store.ts';

export async function environmentRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/environments', { config: { permission: 'NONE' } }, async () => ({
    version: 1,
    environments: (await listEnvironments(deps.db)).map(environmentResponse),
  }));

  app.get(
    '/api/admin/environments/:name',
    { config: { permission: 'NONE' }, schema: { params: Type.Object({ name: Type.String({ maxLength: 100 }) }) } },
    async (request) => {
      const env = await findEnvironment(deps.db, request.params.name);
      if (!env) throw notFound(`Could not find environment with name: ${request.params.name}`);
      return environmentResponse(env);
    },
  );
}
