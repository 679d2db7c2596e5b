import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BulkTagsBody, FeatureParams, FeatureTagParams, ProjectParams } from '../../../contract/features.ts';
import { TagBody, TagListSchema, TagSchema } from '../../../contract/tags.ts';
import type { AppDeps } from '../../deps.ts';
import { NoBody } from '../../platform/http/no-body.ts';
import { tagOf } from '../../tags/index.ts';
import { addFeatureTag, removeFeatureTag, updateTagsInBulk } from './service.ts';
import { tagsOfToggle } from './read-model.ts';
import {
  BULK_BODY_LIMIT,
  changeAuthor,
  changedEtag,
  projectOfPath,
  projectOfToggle,
  toggleWrite,
} from '../toggle-http.ts';

/** The tags of a toggle (api/admin/features/{name}/tags). */
export const featureTagRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const update = { permission: 'UPDATE_FEATURE' as const, project: projectOfToggle(deps) };

  app.get(
    '/api/admin/features/:featureName/tags',
    { config: { permission: 'NONE' }, schema: { params: FeatureParams, response: { 200: TagListSchema } } },
    async (request) => ({ version: 1 as const, tags: await tagsOfToggle(deps.db, request.params.featureName) }),
  );

  app.post(
    '/api/admin/features/:featureName/tags',
    { config: update, schema: { params: FeatureParams, body: TagBody, response: { 201: TagSchema } } },
    async (request, reply) => {
      const write = toggleWrite(request);
      const tag = await addFeatureTag(deps, write, request.params.featureName, tagOf(request.body));
      return reply.headers(changedEtag(write)).status(201).send(tag);
    },
  );

  app.delete(
    '/api/admin/features/:featureName/tags/:type/:value',
    { config: update, schema: { params: FeatureTagParams, response: { 200: NoBody } } },
    async (request, reply) => {
      const { featureName, type, value } = request.params;
      const write = toggleWrite(request);
      await removeFeatureTag(deps, write, featureName, { type, value });
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );

  // The tags of many toggles of a project at once (Unleash 5): 200 with no body.
  app.put(
    '/api/admin/projects/:projectId/tags',
    {
      config: { permission: 'UPDATE_FEATURE', project: projectOfPath },
      bodyLimit: BULK_BODY_LIMIT,
      schema: { params: ProjectParams, body: BulkTagsBody, response: { 200: NoBody } },
    },
    async (request, reply) => {
      const { features, versions, tags } = request.body;
      await updateTagsInBulk(
        deps,
        changeAuthor(request),
        { project: request.params.projectId, features, versions },
        tags,
      );
      return reply.status(200).send();
    },
  );
};
