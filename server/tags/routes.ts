import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TagBody,
  TagListSchema,
  TagParams,
  TagSchema,
  TagsOfTypeParams,
  TagTypeBody,
  TagTypeCreatedSchema,
  TagTypeListSchema,
  TagTypeNameBody,
  TagTypeOneSchema,
  TagTypeParams,
  TagTypeUpdateBody,
} from '../../contract/tags.ts';
import type { AppDeps } from '../deps.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { nameCheckRoute } from '../platform/http/name-check.ts';
import { callerName } from '../platform/access/caller.ts';
import { notFound } from '../platform/http/errors.ts';
import { tagOf } from './rules.ts';
import {
  changeTagType,
  createTag,
  createTagType,
  removeTag,
  removeTagType,
  tagTypeResponse,
  validateTagTypeName,
} from './service.ts';
import { findTagType, listTags, listTagTypes } from './store.ts';

/** Tag types and tags. */
export const tagRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/tag-types',
    { config: { permission: 'NONE' }, schema: { response: { 200: TagTypeListSchema } } },
    async () => ({ version: 1 as const, tagTypes: (await listTagTypes(deps.db)).map(tagTypeResponse) }),
  );

  app.get(
    '/api/admin/tag-types/:name',
    { config: { permission: 'NONE' }, schema: { params: TagTypeParams, response: { 200: TagTypeOneSchema } } },
    async (request) => {
      const row = await findTagType(deps.db, request.params.name);
      if (!row) throw notFound(`Could not find tag-type with name: ${request.params.name}`);
      return { version: 1 as const, tagType: tagTypeResponse(row) };
    },
  );

  nameCheckRoute(app, '/api/admin/tag-types/validate', TagTypeNameBody, ({ name }) => validateTagTypeName(deps, name));

  app.post(
    '/api/admin/tag-types',
    {
      config: { permission: 'CREATE_TAG_TYPE' },
      schema: { body: TagTypeBody, response: { 201: TagTypeCreatedSchema } },
    },
    async (request, reply) => {
      await createTagType(deps, callerName(request), request.body);
      const { name, description, icon } = request.body;
      return reply.status(201).send({ name, description, icon });
    },
  );

  app.put(
    '/api/admin/tag-types/:name',
    {
      config: { permission: 'UPDATE_TAG_TYPE' },
      schema: { params: TagTypeParams, body: TagTypeUpdateBody, response: { 200: NoBody } },
    },
    (request, reply) =>
      answerEmpty(reply, 200, changeTagType(deps, callerName(request), request.params.name, request.body)),
  );

  app.delete(
    '/api/admin/tag-types/:name',
    { config: { permission: 'DELETE_TAG_TYPE' }, schema: { params: TagTypeParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, removeTagType(deps, callerName(request), request.params.name)),
  );

  app.get(
    '/api/admin/tags',
    { config: { permission: 'NONE' }, schema: { response: { 200: TagListSchema } } },
    async () => ({ version: 1 as const, tags: await listTags(deps.db) }),
  );

  app.get(
    '/api/admin/tags/:type',
    { config: { permission: 'NONE' }, schema: { params: TagsOfTypeParams, response: { 200: TagListSchema } } },
    async (request) => ({ version: 1 as const, tags: await listTags(deps.db, request.params.type) }),
  );

  app.post(
    '/api/admin/tags',
    { config: { permission: 'CREATE_TAG' }, schema: { body: TagBody, response: { 201: TagSchema } } },
    async (request, reply) => reply.status(201).send(await createTag(deps, callerName(request), tagOf(request.body))),
  );

  app.delete(
    '/api/admin/tags/:type/:value',
    { config: { permission: 'DELETE_TAG' }, schema: { params: TagParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, removeTag(deps, callerName(request), request.params)),
  );
};
