import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { can } from '../../../contract/permissions.ts';
import {
  BulkFeaturesBody,
  BulkStaleBody,
  ChangeProjectBody,
  CloneBody,
  FeatureMetadataSchema,
  FeatureOverviewListSchema,
  JsonPatchBody,
  ProjectFeatureBody,
  ProjectFeatureParams,
  ProjectFeatureReadSchema,
  ProjectParams,
  VariantsAnswerSchema,
  VariantsBody,
} from '../../../contract/features.ts';
import type { AppDeps } from '../../deps.ts';
import { NoBody } from '../../platform/http/no-body.ts';
import { callerName } from '../../platform/access/caller.ts';
import { noAccess } from '../../platform/http/errors.ts';
import { requireFeature } from '../read-model.ts';
import { projectFeatureFor, projectFeatureList } from './read-model.ts';
import { checkNameOfPath, patchToChange } from './rules.ts';
import {
  archiveFeature,
  archiveInBulk,
  changeProject,
  cloneFeature,
  createFeature,
  deleteInBulk,
  patchVariants,
  reviveInBulk,
  setStaleInBulk,
  updateMetadata,
  updateVariants,
} from './service.ts';
import {
  BULK_BODY_LIMIT,
  changeAuthor,
  changedEtag,
  projectOfPath,
  readerOf,
  toggleEtag,
  toggleWrite,
} from '../toggle-http.ts';
import { featureMetadata } from './views.ts';

const BASE = '/api/admin/projects/:projectId/features';

/** The project-scoped toggle API (api/admin/projects/{p}/features): changes need the permission in the project. */
export const projectFeatureRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const update = { permission: 'UPDATE_FEATURE' as const, project: projectOfPath };

  app.get(
    BASE,
    { config: { permission: 'NONE' }, schema: { params: ProjectParams, response: { 200: FeatureOverviewListSchema } } },
    async (request) => {
      const features = await projectFeatureList(deps.db, request.params.projectId, readerOf(request));
      return { version: 1 as const, features };
    },
  );

  app.post(
    BASE,
    {
      config: { permission: 'CREATE_FEATURE', project: projectOfPath },
      schema: { params: ProjectParams, body: ProjectFeatureBody, response: { 201: FeatureMetadataSchema } },
    },
    async (request, reply) => {
      const row = await createFeature(deps, callerName(request), request.params.projectId, request.body, false);
      return reply.status(201).headers(toggleEtag(row.version)).send(featureMetadata(row));
    },
  );

  app.get(
    `${BASE}/:featureName`,
    {
      config: { permission: 'NONE' },
      schema: { params: ProjectFeatureParams, response: { 200: ProjectFeatureReadSchema } },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const row = await requireFeature(deps.db, featureName, { project: projectId });
      return reply.headers(toggleEtag(row.version)).send(await projectFeatureFor(deps.db, row, readerOf(request)));
    },
  );

  app.put(
    `${BASE}/:featureName`,
    {
      config: update,
      schema: { params: ProjectFeatureParams, body: ProjectFeatureBody, response: { 200: FeatureMetadataSchema } },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const { name, description, type, stale, impressionData } = request.body;
      checkNameOfPath(name, featureName);
      const write = toggleWrite(request);
      const change = { description, type, stale, impressionData };
      const feature = await updateMetadata(deps, write, projectId, featureName, change);
      return reply.headers(changedEtag(write)).send(feature);
    },
  );

  app.patch(
    `${BASE}/:featureName`,
    {
      config: update,
      schema: { params: ProjectFeatureParams, body: JsonPatchBody, response: { 200: FeatureMetadataSchema } },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const write = toggleWrite(request);
      const feature = await updateMetadata(deps, write, projectId, featureName, patchToChange(request.body));
      return reply.headers(changedEtag(write)).send(feature);
    },
  );

  app.patch(
    `${BASE}/:featureName/variants`,
    {
      config: update,
      schema: { params: ProjectFeatureParams, body: JsonPatchBody, response: { 200: VariantsAnswerSchema } },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const write = toggleWrite(request);
      const variants = await updateVariants(deps, write, projectId, featureName, patchVariants(request.body));
      return reply.headers(changedEtag(write)).send(variants);
    },
  );

  app.put(
    `${BASE}/:featureName/variants`,
    {
      config: update,
      schema: { params: ProjectFeatureParams, body: VariantsBody, response: { 200: VariantsAnswerSchema } },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const write = toggleWrite(request);
      const variants = await updateVariants(deps, write, projectId, featureName, () => request.body);
      return reply.headers(changedEtag(write)).send(variants);
    },
  );

  app.delete(
    `${BASE}/:featureName`,
    {
      config: { permission: 'DELETE_FEATURE', project: projectOfPath },
      schema: { params: ProjectFeatureParams, response: { 202: NoBody } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      await archiveFeature(deps, write, request.params.featureName, request.params.projectId);
      return reply.headers(changedEtag(write)).status(202).send();
    },
  );

  app.post(
    `${BASE}/:featureName/clone`,
    {
      config: { permission: 'CREATE_FEATURE', project: projectOfPath },
      schema: { params: ProjectFeatureParams, body: CloneBody, response: { 201: FeatureMetadataSchema } },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const clone = await cloneFeature(deps, callerName(request), projectId, featureName, request.body);
      return reply.status(201).send(clone);
    },
  );

  app.post(
    `${BASE}/:featureName/changeProject`,
    {
      config: { permission: 'CREATE_FEATURE', project: projectOfPath },
      schema: { params: ProjectFeatureParams, body: ChangeProjectBody, response: { 200: FeatureMetadataSchema } },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const target = request.body.newProjectId;
      if (!can(await request.callerPermissions(), 'CREATE_FEATURE', target)) {
        throw noAccess(
          `You need permission=CREATE_FEATURE in project ${target} to move a toggle there`,
          'CREATE_FEATURE',
        );
      }
      const write = toggleWrite(request);
      const moved = await changeProject(deps, write, projectId, featureName, target);
      return reply.headers(changedEtag(write)).send(moved);
    },
  );
  // Many toggles of the project at once, all or none (Unleash 5's paths and answers: no body, 202 or 200).
  const PROJECT = '/api/admin/projects/:projectId';
  const bulk = (permission: 'UPDATE_FEATURE' | 'DELETE_FEATURE') => ({
    config: { permission, project: projectOfPath },
    bodyLimit: BULK_BODY_LIMIT,
  });

  app.post(
    `${PROJECT}/stale`,
    { ...bulk('UPDATE_FEATURE'), schema: { params: ProjectParams, body: BulkStaleBody, response: { 202: NoBody } } },
    async (request, reply) => {
      const { features, versions, stale } = request.body;
      await setStaleInBulk(
        deps,
        changeAuthor(request),
        { project: request.params.projectId, features, versions },
        stale,
      );
      return reply.status(202).send();
    },
  );

  for (const [path, permission, status, change] of [
    ['archive', 'DELETE_FEATURE', 202, archiveInBulk],
    ['revive', 'UPDATE_FEATURE', 200, reviveInBulk],
    ['delete', 'DELETE_FEATURE', 200, deleteInBulk],
  ] as const) {
    app.post(
      `${PROJECT}/${path}`,
      {
        ...bulk(permission),
        schema: { params: ProjectParams, body: BulkFeaturesBody, response: { [status]: NoBody } },
      },
      async (request, reply) => {
        const { features, versions } = request.body;
        await change(deps, changeAuthor(request), { project: request.params.projectId, features, versions });
        return reply.status(status).send();
      },
    );
  }
};
