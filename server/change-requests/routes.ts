import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type ChangeRequest,
  ChangeRequestChangeBody,
  ChangeRequestCommentBody,
  ChangeRequestConfigBody,
  ChangeRequestConfigListSchema,
  ChangeRequestConfigSchema,
  ChangeRequestListQuery,
  ChangeRequestListSchema,
  ChangeRequestParams,
  ChangeRequestSchema,
  ChangeRequestStateBody,
} from '../../contract/change-requests.ts';
import { ProjectEnvironmentParams, ProjectParams } from '../../contract/projects.ts';
import type { AppDeps } from '../deps.ts';
import { callerName, requireUser } from '../platform/access/caller.ts';
import { ifMatchVersion, versionEtag } from '../platform/http/if-match.ts';
import { knownPathProject } from '../projects/index.ts';
import {
  addChange,
  awaitingApprovalBy,
  configureChangeRequests,
  getChangeRequest,
  listChangeRequestConfig,
  listChangeRequests,
  type Person,
} from './service.ts';
import { SCHEDULE_CHANGE } from './rules.ts';
import { addComment, moveChangeRequest } from './transitions.ts';

const PROJECT = '/api/admin/projects/:projectId';

/** The person acting (403 for an API token: change requests are made, approved and applied by people). */
const personOf = (request: FastifyRequest): Person => ({ id: requireUser(request).id, name: callerName(request) });

/** Answers one request with its version as the ETag (what If-Match of PUT .../state compares). */
const withEtag = (reply: FastifyReply, changeRequest: ChangeRequest) =>
  reply.headers(versionEtag(changeRequest.version)).send(changeRequest);

/**
 * Change requests of a project (Unleash's paths). Whether an environment takes changes through them is set by the
 * project's Owners and Admins (PROJECT_CHANGE_REQUEST_WRITE).
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
      config: { permission: 'PROJECT_CHANGE_REQUEST_WRITE', project },
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

  app.post(
    `${PROJECT}/environments/:environment/change-requests`,
    {
      config: { permission: 'UPDATE_FEATURE', project },
      schema: {
        params: ProjectEnvironmentParams,
        body: ChangeRequestChangeBody,
        response: { 200: ChangeRequestSchema },
      },
    },
    async (request, reply) => {
      const { projectId, environment } = request.params;
      return withEtag(reply, await addChange(deps, personOf(request), projectId, environment, request.body));
    },
  );

  app.get(
    `${PROJECT}/change-requests`,
    {
      config: { permission: 'NONE' },
      schema: {
        params: ProjectParams,
        querystring: ChangeRequestListQuery,
        response: { 200: ChangeRequestListSchema },
      },
    },
    async (request) => listChangeRequests(deps.db, request.params.projectId, request.query.state),
  );

  app.get(
    `${PROJECT}/change-requests/:id`,
    {
      config: { permission: 'NONE' },
      schema: { params: ChangeRequestParams, response: { 200: ChangeRequestSchema } },
    },
    async (request, reply) =>
      withEtag(reply, await getChangeRequest(deps.db, request.params.projectId, request.params.id)),
  );

  /** The requests the caller may approve and has not: In review, made by others, in any project. */
  app.get(
    '/api/admin/change-requests/awaiting-me',
    { config: { permission: 'NONE' }, schema: { response: { 200: ChangeRequestListSchema } } },
    async (request) => awaitingApprovalBy(deps.db, personOf(request), await request.callerPermissions()),
  );

  app.put(
    `${PROJECT}/change-requests/:id/state`,
    {
      config: { permission: 'UPDATE_FEATURE', project, changes: [SCHEDULE_CHANGE] },
      schema: { params: ChangeRequestParams, body: ChangeRequestStateBody, response: { 200: ChangeRequestSchema } },
    },
    async (request, reply) => {
      const { projectId, id } = request.params;
      const person = personOf(request);
      const ifMatch = ifMatchVersion(request, 'the change request');
      const held = await request.callerPermissions();
      return withEtag(reply, await moveChangeRequest(deps, person, held, projectId, id, request.body, ifMatch));
    },
  );

  app.post(
    `${PROJECT}/change-requests/:id/comments`,
    {
      config: { permission: 'UPDATE_FEATURE', project },
      schema: { params: ChangeRequestParams, body: ChangeRequestCommentBody, response: { 200: ChangeRequestSchema } },
    },
    async (request, reply) => {
      const { projectId, id } = request.params;
      return withEtag(reply, await addComment(deps, personOf(request), projectId, id, request.body.text));
    },
  );
};
