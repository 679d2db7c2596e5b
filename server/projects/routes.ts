import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectBody, ProjectIdBody, ProjectSummarySchema } from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { nameCheckRoute } from '../platform/http/name-check.ts';
import { createProject, validateProjectId } from './service.ts';

/**
 * The project commands: create and validate. The reads and the update (whose answers count the project's toggles)
 * are in project-overview/; the deletion and the project's environments (which reach its toggles) in
 * project-environments/.
 */
export const projectRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  nameCheckRoute(app, '/api/admin/projects/validate', ProjectIdBody, ({ id }) => validateProjectId(deps.db, id));

  // Open-source edition: admins and editors (root CREATE_PROJECT) may create projects.
  app.post(
    '/api/admin/projects',
    {
      config: { permission: 'CREATE_PROJECT' },
      schema: { body: ProjectBody, response: { 201: ProjectSummarySchema } },
    },
    async (request, reply) => {
      const creator = request.caller?.kind === 'user' ? request.caller.user : null;
      return reply.status(201).send(await createProject(deps, callerName(request), creator, request.body));
    },
  );
};
