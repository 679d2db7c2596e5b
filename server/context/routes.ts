import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContextFieldListSchema,
  ContextFieldSchema,
  ContextNameBody,
  ContextNameParams,
  CreateContextFieldBody,
  UpdateContextFieldBody,
} from '../../contract/context.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { nameCheckRoute } from '../platform/http/name-check.ts';
import { listContextFields } from './read-model.ts';
import {
  changeContextField,
  createContextField,
  removeContextField,
  requireContextField,
  validateContextFieldName,
} from './service.ts';
import { contextFieldView } from './views.ts';

export const contextRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/context',
    { config: { permission: 'NONE' }, schema: { response: { 200: ContextFieldListSchema } } },
    async () => (await listContextFields(deps.db)).map(contextFieldView),
  );

  app.get(
    '/api/admin/context/:name',
    { config: { permission: 'NONE' }, schema: { params: ContextNameParams, response: { 200: ContextFieldSchema } } },
    async (request) => contextFieldView(await requireContextField(deps, request.params.name)),
  );

  nameCheckRoute(app, '/api/admin/context/validate', ContextNameBody, ({ name }) =>
    validateContextFieldName(deps, name),
  );

  app.post(
    '/api/admin/context',
    {
      config: { permission: 'CREATE_CONTEXT_FIELD' },
      schema: { body: CreateContextFieldBody, response: { 201: NoBody } },
    },
    (request, reply) => answerEmpty(reply, 201, createContextField(deps, callerName(request), request.body)),
  );

  app.put(
    '/api/admin/context/:name',
    {
      config: { permission: 'UPDATE_CONTEXT_FIELD' },
      schema: { params: ContextNameParams, body: UpdateContextFieldBody, response: { 200: NoBody } },
    },
    (request, reply) =>
      answerEmpty(reply, 200, changeContextField(deps, callerName(request), request.params.name, request.body)),
  );

  app.delete(
    '/api/admin/context/:name',
    {
      config: { permission: 'DELETE_CONTEXT_FIELD' },
      schema: { params: ContextNameParams, response: { 200: NoBody } },
    },
    (request, reply) => answerEmpty(reply, 200, removeContextField(deps, callerName(request), request.params.name)),
  );
};
