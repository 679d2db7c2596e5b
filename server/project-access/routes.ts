import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ProjectAccessSchema, ProjectUserRoleParams } from '../../contract/project-access.ts';
import { can } from '../../contract/permissions.ts';
import { ProjectParams } from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { knownPathProject } from '../projects/index.ts';
import { assignRole, projectAccess, removeRole, type AccessChanger } from './service.ts';

/** Who changes the project's access, and whether they may make people its Owners. */
const changer = async (request: FastifyRequest, project: string): Promise<AccessChanger> => ({
  actor: callerName(request),
  mayChangeOwners: can(await request.callerPermissions(), 'PROJECT_OWNERS_WRITE', project),
});

const ROLE_PATH = '/api/admin/projects/:projectId/users/:userId/roles/:roleId';

/**
 * Project access (Unleash 4's project roles, here in every edition): anyone signed in may read who holds which
 * role; changing it needs UPDATE_PROJECT in the project (Admins, Editors and the project's Owners).
 */
export const projectAccessRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const project = knownPathProject(deps);

  app.get(
    '/api/admin/projects/:projectId/users',
    {
      config: { permission: 'NONE' },
      schema: {
        description: 'The project roles and the users holding each.',
        params: ProjectParams,
        response: { 200: ProjectAccessSchema },
      },
    },
    async (request) => projectAccess(deps, request.params.projectId),
  );

  app.post(
    ROLE_PATH,
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: {
        description:
          'Gives the user the role in the project: adds them, or changes the role they hold (one per project). ' +
          'Making the last Owner a Member is a 400; making someone Owner or taking that away needs PROJECT_OWNERS_WRITE.',
        params: ProjectUserRoleParams,
        response: { 200: NoBody },
      },
    },
    async (request, reply) => {
      const { projectId, userId, roleId } = request.params;
      await assignRole(deps, await changer(request, projectId), projectId, userId, roleId);
      return reply.status(200).send();
    },
  );

  app.delete(
    ROLE_PATH,
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: {
        description: 'Takes the role in the project away from the user; removing the last Owner is a 400.',
        params: ProjectUserRoleParams,
        response: { 200: NoBody },
      },
    },
    async (request, reply) => {
      const { projectId, userId, roleId } = request.params;
      await removeRole(deps, await changer(request, projectId), projectId, userId, roleId);
      return reply.status(200).send();
    },
  );
};
