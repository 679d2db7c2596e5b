import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeRequestConfigBody,
  ChangeRequestConfigListSchema,
  ChangeRequestConfigSchema,
} from '../../contract/change-requests.ts';
import { ProjectEnvironmentParams, ProjectParams } from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { knownPathProject } from '../projects/index.ts';
import { configureChangeRequests, listChangeRequestConfig } from './service.ts';

const PROJECT = '/api/admin/projects/:projectId';

/**
 * Change requests of a project (Unleash's paths). Whether an environment takes changes through them is set by whom
 * may change the project (its Owner, an Editor, an Admin).
 */
export const changeRequestRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const project = knownPathProject(deps);
  app.get(
    `${PROJECT}/change-requests/config`,
    {
      config: { permission: 'NONE' },
      schema: { params: ProjectParams, response: { 200: ChangeRequestConfigListSchema } },
    },
    async (request) => listChangeRequestConfig(deps, request.params.projectId),
  );

  app.put(
    `${PROJECT}/environments/:environment/change-requests/config`,
    {
      config: { permission: 'UPDATE_PROJECT', project },
      schema: {
        params: ProjectEnvironmentParams,
        body: ChangeRequestConfigBody,
        response: { 200: ChangeRequestConfigSchema },
      },
    },
    async (request) => {
      const { projectId, environment } = request.params;
      return configureChangeRequests(deps, callerName(request), projectId, environment, request.body);
    },
  );
};
