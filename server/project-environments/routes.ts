import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvironmentParams } from '../../contract/environments.ts';
import { ProjectEnvironmentBody, ProjectEnvironmentParams, ProjectParams } from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { changeAuthor } from '../features/index.ts';
import { knownPathProject } from '../projects/index.ts';
import { addEnvironmentToProject, removeEnvironment, removeEnvironmentFromProject, removeProject } from './service.ts';

/**
 * The project and environment calls that reach toggles and API tokens: a project's environments (UPDATE_PROJECT in
 * the project), the deletion of a project (DELETE_PROJECT) and of an environment (DELETE_ENVIRONMENT).
 */
export const projectEnvironmentRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const project = knownPathProject(deps);

  app.delete(
    '/api/admin/projects/:projectId',
    { config: { permission: 'DELETE_PROJECT', project }, schema: { params: ProjectParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, removeProject(deps, callerName(request), request.params.projectId)),
  );

  app.post(
    '/api/admin/projects/:projectId/environments',
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: { params: ProjectParams, body: ProjectEnvironmentBody, response: { 200: NoBody } },
    },
    (request, reply) =>
      answerEmpty(
        reply,
        200,
        addEnvironmentToProject(deps, changeAuthor(request), request.params.projectId, request.body.environment),
      ),
  );

  app.delete(
    '/api/admin/projects/:projectId/environments/:environment',
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: { params: ProjectEnvironmentParams, response: { 200: NoBody } },
    },
    async (request, reply) => {
      const { projectId, environment } = request.params;
      await removeEnvironmentFromProject(deps, changeAuthor(request), projectId, environment);
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/environments/:name',
    { config: { permission: 'DELETE_ENVIRONMENT' }, schema: { params: EnvironmentParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, removeEnvironment(deps, changeAuthor(request), request.params.name)),
  );
};
