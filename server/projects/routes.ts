import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ProjectBody,
  ProjectEnvironmentBody,
  ProjectEnvironmentParams,
  ProjectIdBody,
  ProjectParams,
  ProjectSummarySchema,
} from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { knownPathProject } from './path-project.ts';
import {
  addEnvironmentToProject,
  createProject,
  removeEnvironmentFromProject,
  removeProject,
  validateProjectId,
} from './service.ts';

/**
 * The project commands: create, validate, delete and the project's environments. The reads and the update (whose
 * answers count the project's toggles) are in project-overview/.
 */
export const projectRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const project = knownPathProject(deps);

  app.post(
    '/api/admin/projects/validate',
    { config: { permission: 'NONE' }, schema: { body: ProjectIdBody, response: { 200: NoBody } } },
    async (request, reply) => {
      await validateProjectId(deps.db, request.body.id);
      return reply.status(200).send();
    },
  );

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

  app.delete(
    '/api/admin/projects/:projectId',
    { config: { permission: 'DELETE_PROJECT', project }, schema: { params: ProjectParams, response: { 200: NoBody } } },
    async (request, reply) => {
      await removeProject(deps, callerName(request), request.params.projectId);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/environments',
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: { params: ProjectParams, body: ProjectEnvironmentBody, response: { 200: NoBody } },
    },
    async (request, reply) => {
      await addEnvironmentToProject(deps, callerName(request), request.params.projectId, request.body.environment);
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/projects/:projectId/environments/:environment',
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: { params: ProjectEnvironmentParams, response: { 200: NoBody } },
    },
    async (request, reply) => {
      const { projectId, environment } = request.params;
      await removeEnvironmentFromProject(deps, callerName(request), projectId, environment);
      return reply.status(200).send();
    },
  );
};
