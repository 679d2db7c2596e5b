import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArchivedFeatureListSchema,
  ClassicFeatureBody,
  ClassicFeatureListSchema,
  ClassicFeatureReadSchema,
  ClassicFeatureSchema,
  ClassicListItemSchema,
  FeatureListQuery,
  FeatureMetadataSchema,
  FeatureNameBody,
  FeatureParams,
} from '../../../contract/features.ts';
import type { AppDeps } from '../../deps.ts';
import { NoBody } from '../../platform/http/no-body.ts';
import { nameCheckRoute } from '../../platform/http/name-check.ts';
import { callerName } from '../../platform/access/caller.ts';
import { parseTagFilter } from '../../tags/index.ts';
import { requireFeature } from '../read-model.ts';
import { changedEtag, projectOfToggle, readerOf, toggleEtag, toggleWrite } from '../toggle-http.ts';
import { classicListOf } from './classic-list.ts';
import { classicFeatureFor, classicListFeature, listArchived } from './read-model.ts';
import {
  archiveFeature,
  createFeature,
  deleteArchivedFeature,
  reviveFeature,
  setClassicEnabled,
  setStale,
  updateClassic,
  validateFeatureName,
} from './service.ts';

/** The classic toggle API (api/admin/features) and the archive. */
export const classicToggleRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const byToggle = projectOfToggle(deps);
  const classic = classicListOf(app.revisions, deps.db);

  app.get(
    '/api/admin/features',
    {
      config: { permission: 'NONE' },
      schema: { querystring: FeatureListQuery, response: { 200: ClassicFeatureListSchema } },
    },
    async (request) => {
      const { tag, project, namePrefix } = request.query;
      const filter = { tags: parseTagFilter(tag), projects: project, namePrefix };
      return { version: 1 as const, features: await classic.read(filter, readerOf(request)) };
    },
  );

  nameCheckRoute(app, '/api/admin/features/validate', FeatureNameBody, ({ name }) => validateFeatureName(deps, name));

  app.post(
    '/api/admin/features',
    {
      config: {
        permission: 'CREATE_FEATURE',
        project: (r) => (r.body as { project?: string } | undefined)?.project ?? 'default',
      },
      schema: { body: ClassicFeatureBody, response: { 201: ClassicListItemSchema } },
    },
    async (request, reply) => {
      const row = await createFeature(deps, callerName(request), request.body.project ?? 'default', request.body, true);
      return reply
        .status(201)
        .headers(toggleEtag(row.version))
        .send(await classicListFeature(deps.db, row));
    },
  );

  app.get(
    '/api/admin/features/:featureName',
    { config: { permission: 'NONE' }, schema: { params: FeatureParams, response: { 200: ClassicFeatureReadSchema } } },
    async (request, reply) => {
      const row = await requireFeature(deps.db, request.params.featureName);
      return reply.headers(toggleEtag(row.version)).send(await classicFeatureFor(deps.db, row, readerOf(request)));
    },
  );

  app.put(
    '/api/admin/features/:featureName',
    {
      config: { permission: 'UPDATE_FEATURE', project: byToggle },
      schema: { params: FeatureParams, body: ClassicFeatureBody, response: { 200: ClassicFeatureSchema } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      const feature = await updateClassic(deps, write, request.params.featureName, request.body);
      return reply.headers(changedEtag(write)).send(feature);
    },
  );

  app.delete(
    '/api/admin/features/:featureName',
    {
      config: { permission: 'DELETE_FEATURE', project: byToggle },
      schema: { params: FeatureParams, response: { 200: NoBody } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      await archiveFeature(deps, write, request.params.featureName);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );

  for (const [path, mode] of [
    ['toggle/on', true],
    ['toggle/off', false],
    ['toggle', 'flip'],
  ] as const) {
    app.post(
      `/api/admin/features/:featureName/${path}`,
      {
        config: { permission: 'UPDATE_FEATURE', project: byToggle },
        schema: { params: FeatureParams, response: { 200: FeatureMetadataSchema } },
      },
      async (request, reply) => {
        const write = toggleWrite(request);
        const feature = await setClassicEnabled(deps, write, request.params.featureName, mode);
        return reply.headers(changedEtag(write)).send(feature);
      },
    );
  }

  for (const stale of [true, false]) {
    app.post(
      `/api/admin/features/:featureName/stale/${stale ? 'on' : 'off'}`,
      {
        config: { permission: 'UPDATE_FEATURE', project: byToggle },
        schema: { params: FeatureParams, response: { 200: ClassicFeatureSchema } },
      },
      async (request, reply) => {
        const write = toggleWrite(request);
        const feature = await setStale(deps, write, request.params.featureName, stale);
        return reply.headers(changedEtag(write)).send(feature);
      },
    );
  }

  app.get(
    '/api/admin/archive/features',
    { config: { permission: 'NONE' }, schema: { response: { 200: ArchivedFeatureListSchema } } },
    async () => ({ version: 2 as const, features: await listArchived(deps.db) }),
  );

  app.post(
    '/api/admin/archive/revive/:featureName',
    {
      config: { permission: 'UPDATE_FEATURE', project: byToggle },
      schema: { params: FeatureParams, response: { 200: NoBody } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      await reviveFeature(deps, write, request.params.featureName);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );

  app.delete(
    '/api/admin/archive/:featureName',
    {
      config: { permission: 'DELETE_FEATURE', project: byToggle },
      schema: { params: FeatureParams, response: { 200: NoBody } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      await deleteArchivedFeature(deps, write, request.params.featureName);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );
};
