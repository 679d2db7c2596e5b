import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BulkEnvironmentParams,
  BulkToggleBody,
  BulkToggleQuery,
  CopyStrategiesBody,
  FeatureEnvironmentParams,
  FeatureEnvironmentSchema,
  JsonPatchBody,
  OrderedStrategySchema,
  StrategyBody,
  StrategyInstanceParams,
  StrategyOrderBody,
  StrategyUpdateBody,
  UpdatedStrategySchema,
} from '../../../contract/features.ts';
import type { AppDeps } from '../../deps.ts';
import { NoBody } from '../../platform/http/no-body.ts';
import {
  addStrategyInstance,
  copyStrategies,
  featureInEnvironment,
  getStrategyInstance,
  listStrategyInstances,
  patchStrategy,
  removeStrategyInstance,
  reorderStrategies,
  replaceStrategy,
  setEnabledInBulk,
  setEnabledInEnvironment,
  updateStrategy,
  type FeatureEnvironmentPath,
} from './service.ts';
import { BULK_BODY_LIMIT, changeAuthor, changedEtag, projectOfPath, toggleWrite } from '../toggle-http.ts';

const BASE = '/api/admin/projects/:projectId/features/:featureName/environments/:environment';

const pathOf = (p: { projectId: string; featureName: string; environment: string }): FeatureEnvironmentPath => ({
  project: p.projectId,
  feature: p.featureName,
  environment: p.environment,
});

/** Per-environment state and strategy instances of a toggle. */
export const strategyInstanceRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  /** Changes need UPDATE_FEATURE in the project of the path (the toggle must be in it: 404 otherwise). */
  const update = { permission: 'UPDATE_FEATURE' as const, project: projectOfPath };

  app.get(
    BASE,
    {
      config: { permission: 'NONE' },
      schema: { params: FeatureEnvironmentParams, response: { 200: FeatureEnvironmentSchema } },
    },
    async (request) => featureInEnvironment(deps.db, pathOf(request.params)),
  );

  for (const enabled of [true, false]) {
    app.post(
      `${BASE}/${enabled ? 'on' : 'off'}`,
      { config: update, schema: { params: FeatureEnvironmentParams, response: { 200: NoBody } } },
      async (request, reply) => {
        const write = toggleWrite(request);
        await setEnabledInEnvironment(deps, write, pathOf(request.params), enabled);
        return reply.headers(changedEtag(write)).status(200).send();
      },
    );
  }

  // Many toggles at once (Unleash 5): 200 with no body. Strategies here are never disabled, so
  // shouldActivateDisabledStrategies (in the body or, as Unleash's console sends it, the query) has nothing to do.
  for (const enabled of [true, false]) {
    app.post(
      `/api/admin/projects/:projectId/bulk_features/environments/:environment/${enabled ? 'on' : 'off'}`,
      {
        config: update,
        bodyLimit: BULK_BODY_LIMIT,
        schema: {
          params: BulkEnvironmentParams,
          querystring: BulkToggleQuery,
          body: BulkToggleBody,
          response: { 200: NoBody },
        },
      },
      async (request, reply) => {
        const { projectId: project, environment } = request.params;
        const { features, versions } = request.body;
        await setEnabledInBulk(deps, changeAuthor(request), { project, environment, features, versions }, enabled);
        return reply.status(200).send();
      },
    );
  }

  app.get(
    `${BASE}/strategies`,
    {
      config: { permission: 'NONE' },
      schema: { params: FeatureEnvironmentParams, response: { 200: Type.Array(OrderedStrategySchema) } },
    },
    async (request) => listStrategyInstances(deps.db, pathOf(request.params)),
  );

  app.post(
    `${BASE}/strategies`,
    {
      config: update,
      schema: { params: FeatureEnvironmentParams, body: StrategyBody, response: { 200: OrderedStrategySchema } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      const created = await addStrategyInstance(deps, write, pathOf(request.params), request.body);
      return reply.headers(changedEtag(write)).send(created);
    },
  );

  app.post(
    `${BASE}/strategies/copy`,
    {
      config: update,
      schema: {
        params: FeatureEnvironmentParams,
        body: CopyStrategiesBody,
        response: { 200: Type.Array(OrderedStrategySchema) },
      },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      const strategies = await copyStrategies(deps, write, pathOf(request.params), request.body.from);
      return reply.headers(changedEtag(write)).send(strategies);
    },
  );

  app.post(
    `${BASE}/strategies/set-sort-order`,
    {
      config: update,
      schema: { params: FeatureEnvironmentParams, body: StrategyOrderBody, response: { 200: NoBody } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      await reorderStrategies(deps, write, pathOf(request.params), request.body);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );

  app.get(
    `${BASE}/strategies/:strategyId`,
    {
      config: { permission: 'NONE' },
      schema: { params: StrategyInstanceParams, response: { 200: OrderedStrategySchema } },
    },
    async (request) => getStrategyInstance(deps.db, pathOf(request.params), request.params.strategyId),
  );

  app.put(
    `${BASE}/strategies/:strategyId`,
    {
      config: update,
      schema: { params: StrategyInstanceParams, body: StrategyUpdateBody, response: { 200: UpdatedStrategySchema } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      const path = pathOf(request.params);
      const row = await updateStrategy(deps, write, path, request.params.strategyId, replaceStrategy(request.body));
      return reply.headers(changedEtag(write)).send(row);
    },
  );

  app.patch(
    `${BASE}/strategies/:strategyId`,
    {
      config: update,
      schema: { params: StrategyInstanceParams, body: JsonPatchBody, response: { 200: UpdatedStrategySchema } },
    },
    async (request, reply) => {
      const write = toggleWrite(request);
      const path = pathOf(request.params);
      const row = await updateStrategy(deps, write, path, request.params.strategyId, patchStrategy(request.body));
      return reply.headers(changedEtag(write)).send(row);
    },
  );

  app.delete(
    `${BASE}/strategies/:strategyId`,
    { config: update, schema: { params: StrategyInstanceParams, response: { 200: NoBody } } },
    async (request, reply) => {
      const write = toggleWrite(request);
      await removeStrategyInstance(deps, write, pathOf(request.params), request.params.strategyId);
      return reply.headers(changedEtag(write)).status(200).send();
    },
  );
};
