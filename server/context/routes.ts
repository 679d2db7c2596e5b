import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../auth/service.ts';
import {
  changeContextField,
  contextFieldResponse,
  createContextField,
  removeContextField,
  requireContextField,
  validateContextFieldName,
} from './service.ts';
import { listContextFields } from './store.ts';

const Name = Type.String({ maxLength: 200 });
const NameParams = Type.Object({ name: Name });
/** A context field in a request body; the rules beyond shape (name, legal values) are in service.ts. */
const FieldBody = {
  description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  legalValues: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 }), Type.Null()])),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};

export async function contextRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/context', { config: { permission: 'NONE' } }, async () =>
    (await listContextFields(deps.db)).map(contextFieldResponse),
  );

  app.get(
    '/api/admin/context/:name',
    { config: { permission: 'NONE' }, schema: { params: NameParams } },
    async (request) => contextFieldResponse(await requireContextField(deps, request.params.name)),
  );

  app.post(
    '/api/admin/context/validate',
    { config: { permission: 'NONE' }, schema: { body: Type.Object({ name: Name }) } },
    async (request, reply) => {
      await validateContextFieldName(deps, request.body.name);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/context',
    { config: { permission: 'CREATE_CONTEXT_FIELD' }, schema: { body: Type.Object({ name: Name, ...FieldBody }) } },
    async (request, reply) => {
      await createContextField(deps, callerName(request), request.body);
      return reply.status(201).send();
    },
  );

  app.put(
    '/api/admin/context/:name',
    {
      config: { permission: 'UPDATE_CONTEXT_FIELD' },
      schema: { params: NameParams, body: Type.Object({ name: Type.Optional(Name), ...FieldBody }) },
    },
    async (request, reply) => {
      await changeContextField(deps, callerName(request), request.params.name, request.body);
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/context/:name',
    { config: { permission: 'DELETE_CONTEXT_FIELD' }, schema: { params: NameParams } },
    async (request, reply) => {
      await removeContextField(deps, callerName(request), request.params.name);
      return reply.status(200).send();
    },
  );
}
