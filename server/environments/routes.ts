import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EnvironmentBody,
  EnvironmentListSchema,
  EnvironmentNameBody,
  EnvironmentOrderBody,
  EnvironmentParams,
  EnvironmentSchema,
  EnvironmentUpdateBody,
} from '../../contract/environments.ts';
import type { AppDeps } from '../deps.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { nameCheckRoute } from '../platform/http/name-check.ts';
import { callerName } from '../platform/access/caller.ts';
import { listEnvironments, requireEnvironment } from './read-model.ts';
import {
  changeEnvironment,
  createEnvironment,
  setEnvironmentEnabled,
  sortEnvironments,
  validateEnvironmentName,
} from './service.ts';
import { environmentResponse } from './views.ts';

/**
 * Environments: reads for everyone signed in; create needs ADMIN, changes UPDATE_ENVIRONMENT. The deletion, which
 * reaches projects, toggles and API tokens, is in project-environments/.
 */
export const environmentRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/environments',
    { config: { permission: 'NONE' }, schema: { response: { 200: EnvironmentListSchema } } },
    async () => ({ version: 1 as const, environments: (await listEnvironments(deps.db)).map(environmentResponse) }),
  );

  app.get(
    '/api/admin/environments/:name',
    { config: { permission: 'NONE' }, schema: { params: EnvironmentParams, response: { 200: EnvironmentSchema } } },
    async (request) => environmentResponse(await requireEnvironment(deps.db, request.params.name)),
  );

  nameCheckRoute(app, '/api/admin/environments/validate', EnvironmentNameBody, ({ name }) =>
    validateEnvironmentName(deps.db, name),
  );

  app.post(
    '/api/admin/environments',
    { config: { permission: 'ADMIN' }, schema: { body: EnvironmentBody, response: { 201: EnvironmentSchema } } },
    async (request, reply) => {
      const row = await createEnvironment(deps, callerName(request), request.body);
      return reply.status(201).send(environmentResponse(row));
    },
  );

  app.put(
    '/api/admin/environments/update/:name',
    {
      config: { permission: 'UPDATE_ENVIRONMENT' },
      schema: { params: EnvironmentParams, body: EnvironmentUpdateBody, response: { 200: EnvironmentSchema } },
    },
    async (request) =>
      environmentResponse(await changeEnvironment(deps, callerName(request), request.params.name, request.body)),
  );

  app.put(
    '/api/admin/environments/sort-order',
    {
      config: { permission: 'UPDATE_ENVIRONMENT' },
      schema: { body: EnvironmentOrderBody, response: { 200: NoBody } },
    },
    (request, reply) => answerEmpty(reply, 200, sortEnvironments(deps, callerName(request), request.body)),
  );

  for (const [state, enabled] of [
    ['on', true],
    ['off', false],
  ] as const) {
    app.post(
      `/api/admin/environments/:name/${state}`,
      {
        config: { permission: 'UPDATE_ENVIRONMENT' },
        schema: { params: EnvironmentParams, response: { 204: NoBody } },
      },
      (request, reply) =>
        answerEmpty(reply, 204, setEnvironmentEnabled(deps, callerName(request), request.params.name, enabled)),
    );
  }
};
