import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DependencyBody, FeatureName, ProjectFeatureParams } from '../../../contract/features.ts';
import type { AppDeps } from '../../deps.ts';
import { NoBody } from '../../platform/http/no-body.ts';
import { addDependency, removeDependencies } from './service.ts';
import { changedEtag, projectOfPath, toggleWrite } from '../toggle-http.ts';

const BASE = '/api/admin/projects/:projectId/features/:featureName/dependencies';
const ParentParams = Type.Object({ ...ProjectFeatureParams.properties, parent: FeatureName });

/** Dependent toggles (Unleash 5's API): changes need UPDATE_FEATURE in the project of the path. */
export const dependencyRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const update = { permission: 'UPDATE_FEATURE' as const, project: projectOfPath };

  app.post(
    BASE,
    { config: update, schema: { params: ProjectFeatureParams, body: DependencyBody, response: { 200: NoBody } } },
    async (request, reply) => {
      const write = toggleWrite(request);
      const { projectId, featureName } = request.params;
      await addDependency(deps, write, projectId, featureName, request.body);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );

  app.delete(
    `${BASE}/:parent`,
    { config: update, schema: { params: ParentParams, response: { 200: NoBody } } },
    async (request, reply) => {
      const write = toggleWrite(request);
      const { projectId, featureName, parent } = request.params;
      await removeDependencies(deps, write, projectId, featureName, parent);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );

  app.delete(
    BASE,
    { config: update, schema: { params: ProjectFeatureParams, response: { 200: NoBody } } },
    async (request, reply) => {
      const write = toggleWrite(request);
      const { projectId, featureName } = request.params;
      await removeDependencies(deps, write, projectId, featureName);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );
};
