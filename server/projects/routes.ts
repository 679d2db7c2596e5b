import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../auth/service.ts';
import {
  addEnvironmentToProject,
  createProject,
  editProject,
  healthReport,
  projectList,
  projectOverview,
  removeEnvironmentFromProject,
  removeProject,
  validateProjectId,
} from './service.ts';
import { projectExists } from './store.ts';

const Id = Type.String({ maxLength: 100 });
const ProjectParams = Type.Object({ projectId: Id });
const Description = Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]));
const ProjectName = Type.String({ maxLength: 100 });

/**
 * The project of the path for the permission check. An unknown project is asked about as no project, so a caller
 * who holds the permission somewhere gets the 404 rather than a 403.
 */
const pathProject = (deps: AppDeps) => async (request: FastifyRequest) => {
  const id = (request.params as { projectId: string }).projectId;
  return (await projectExists(deps.db, id)) ? id : undefined;
};

export async function projectRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const project = pathProject(deps);

  app.get('/api/admin/projects', { config: { permission: 'NONE' } }, async () => ({
    version: 1,
    projects: await projectList(deps.db),
  }));

  app.post(
    '/api/admin/projects/validate',
    { config: { permission: 'NONE' }, schema: { body: Type.Object({ id: Id }) } },
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
      schema: { body: Type.Object({ id: Id, name: ProjectName, description: Description }) },
    },
    async (request, reply) => reply.status(201).send(await createProject(deps, callerName(request), request.body)),
  );

  app.get(
    '/api/admin/projects/:projectId',
    { config: { permission: 'NONE' }, schema: { params: ProjectParams } },
    async (request) => projectOverview(deps.db, request.params.projectId),
  );

  app.put(
    '/api/admin/projects/:projectId',
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: {
        params: ProjectParams,
        body: Type.Object({ id: Type.Optional(Id), name: ProjectName, description: Description }),
      },
    },
    async (request) => editProject(deps, callerName(request), request.params.projectId, request.body),
  );

  app.delete(
    '/api/admin/projects/:projectId',
    { config: { permission: 'DELETE_PROJECT', project }, schema: { params: ProjectParams } },
    async (request, reply) => {
      await removeProject(deps, callerName(request), request.params.projectId);
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/admin/projects/:projectId/health-report',
    { config: { permission: 'NONE' }, schema: { params: ProjectParams } },
    async (request) => healthReport(deps.db, request.params.projectId),
  );

  app.post(
    '/api/admin/projects/:projectId/environments',
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: { params: ProjectParams, body: Type.Object({ environment: Id }) },
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
      schema: { params: Type.Object({ projectId: Id, environment: Id }) },
    },
    async (request, reply) => {
      const { projectId, environment } = request.params;
      await removeEnvironmentFromProject(deps, callerName(request), projectId, environment);
      return reply.status(200).send();
    },
  );
}
