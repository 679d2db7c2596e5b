import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../auth/service.ts';
import { notFound } from '../platform/http/errors.ts';
import {
  changeTagType,
  createTag,
  createTagType,
  DEFAULT_TAG_TYPE,
  removeTag,
  removeTagType,
  tagTypeResponse,
  validateTagTypeName,
} from './service.ts';
import { findTagType, listTags, listTagTypes } from './store.ts';

const Short = Type.String({ maxLength: 100 });
const TagTypeParams = Type.Object({ name: Short });
const Description = Type.String({ maxLength: 1000 });
const Icon = Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]);
/** A tag in a request body; the type defaults to simple. */
export const TagBody = Type.Object({ type: Type.Optional(Short), value: Short });

export async function tagRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/tag-types', { config: { permission: 'NONE' } }, async () => ({
    version: 1,
    tagTypes: (await listTagTypes(deps.db)).map(tagTypeResponse),
  }));

  app.get(
    '/api/admin/tag-types/:name',
    { config: { permission: 'NONE' }, schema: { params: TagTypeParams } },
    async (request) => {
      const row = await findTagType(deps.db, request.params.name);
      if (!row) throw notFound(`Could not find tag-type with name: ${request.params.name}`);
      return { version: 1, tagType: tagTypeResponse(row) };
    },
  );

  app.post(
    '/api/admin/tag-types/validate',
    { config: { permission: 'NONE' }, schema: { body: Type.Object({ name: Short }) } },
    async (request, reply) => {
      await validateTagTypeName(deps, request.body.name);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/tag-types',
    {
      config: { permission: 'CREATE_TAG_TYPE' },
      schema: { body: Type.Object({ name: Short, description: Type.Optional(Description), icon: Type.Optional(Icon) }) },
    },
    async (request, reply) => {
      const row = await createTagType(deps, callerName(request), request.body);
      return reply.status(201).send(tagTypeResponse(row));
    },
  );

  app.put(
    '/api/admin/tag-types/:name',
    {
      config: { permission: 'UPDATE_TAG_TYPE' },
      schema: {
        params: TagTypeParams,
        body: Type.Object({ name: Type.Optional(Short), description: Type.Optional(Description), icon: Type.Optional(Icon) }),
      },
    },
    async (request, reply) => {
      await changeTagType(deps, callerName(request), request.params.name, request.body);
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/tag-types/:name',
    { config: { permission: 'DELETE_TAG_TYPE' }, schema: { params: TagTypeParams } },
    async (request, reply) => {
      await removeTagType(deps, callerName(request), request.params.name);
      return reply.status(200).send();
    },
  );

  app.get('/api/admin/tags', { config: { permission: 'NONE' } }, async () => ({ version: 1, tags: await listTags(deps.db) }));

  app.get(
    '/api/admin/tags/:type',
    { config: { permission: 'NONE' }, schema: { params: Type.Object({ type: Short }) } },
    async (request) => ({ version: 1, tags: await listTags(deps.db, request.params.type) }),
  );

  app.post(
    '/api/admin/tags',
    { config: { permission: 'CREATE_TAG' }, schema: { body: TagBody } },
    async (request, reply) => {
      const tag = { type: request.body.type || DEFAULT_TAG_TYPE, value: request.body.value };
      return reply.status(201).send(await createTag(deps, callerName(request), tag));
    },
  );

  app.delete(
    '/api/admin/tags/:type/:value',
    { config: { permission: 'DELETE_TAG' }, schema: { params: Type.Object({ type: Short, value: Short }) } },
    async (request, reply) => {
      await removeTag(deps, callerName(request), request.params);
      return reply.status(200).send();
    },
  );
}
