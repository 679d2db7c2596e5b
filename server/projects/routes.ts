import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../app.ts';
import { projectList, projectOverview } from './service.ts';

export async function projectRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/projects', { config: { permission: 'NONE' } }, async () => ({
    version: 1,
    projects: await projectList(deps.db),
  }));

  app.get(
    '/api/admin/projects/:projectId',
    { config: { permission: 'NONE' }, schema: { params: Type.Object({ projectId: Type.String({ maxLength: 100 }) }) } },
    async (request) => projectOverview(deps.db, request.params.projectId),
  );
}
