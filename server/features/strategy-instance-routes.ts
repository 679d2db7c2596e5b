import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import {
  addStrategyInstance,
  environmentView,
  getStrategyInstance,
  listStrategyInstances,
  patchStrategy,
  removeStrategyInstance,
  reorderStrategies,
  replaceStrategy,
  setEnvironmentEnabled,
  updateStrategy,
  type EnvironmentPath,
} from './environments.ts';
import { Name, PatchBody, SortOrderBody, Strategy, StrategyUpdate } from './schemas.ts';
import { sendChanged, toggleWrite } from './toggle-http.ts';

const Id = Type.String({ maxLength: 100 });
const EnvParams = Type.Object({ projectId: Id, featureName: Name, environment: Id });
const StrategyParams = Type.Object({ projectId: Id, featureName: Name, environment: Id, strategyId: Id });

const pathOf = (p: { projectId: string; featureName: string; environment: string }): EnvironmentPath => ({
  project: p.projectId,
  feature: p.featureName,
  environment: p.environment,
});
/** Changes need UPDATE_FEATURE in the project of the path (the toggle must be in it: 404 otherwise). */
const update = {
  permission: 'UPDATE_FEATURE' as const,
  project: (request: FastifyRequest) => (request.params as { projectId: string }).projectId,
};

/** Per-environment state and strategy instances of a toggle (spec part 1 section 7). */
export async function featureEnvironmentRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const envBase = '/api/admin/projects/:projectId/features/:featureName/environments/:environment';

  app.get(envBase, { config: { permission: 'NONE' }, schema: { params: EnvParams } }, async (request) =>
    environmentView(deps.db, pathOf(request.params)),
  );

  for (const enabled of [true, false]) {
    app.post(
      `${envBase}/${enabled ? 'on' : 'off'}`,
      { config: update, schema: { params: EnvParams } },
      async (request, reply) => {
        const write = toggleWrite(request);
        await setEnvironmentEnabled(deps, write, pathOf(request.params), enabled);
        return sendChanged(reply, write);
      },
    );
  }

  app.get(`${envBase}/strategies`, { config: { permission: 'NONE' }, schema: { params: EnvParams } }, async (request) =>
    listStrategyInstances(deps.db, pathOf(request.params)),
  );

  app.post(
    `${envBase}/strategies`,
    { config: update, schema: { params: EnvParams, body: Strategy } },
    async (request, reply) => {
      const write = toggleWrite(request);
      return sendChanged(reply, write, await addStrategyInstance(deps, write, pathOf(request.params), request.body));
    },
  );

  app.post(
    `${envBase}/strategies/set-sort-order`,
    { config: update, schema: { params: EnvParams, body: SortOrderBody } },
    async (request, reply) => {
      const write = toggleWrite(request);
      await reorderStrategies(deps, write, pathOf(request.params), request.body);
      return sendChanged(reply, write);
    },
  );

  app.get(
    `${envBase}/strategies/:strategyId`,
    { config: { permission: 'NONE' }, schema: { params: StrategyParams } },
    async (request) => getStrategyInstance(deps.db, pathOf(request.params), request.params.strategyId),
  );

  app.put(
    `${envBase}/strategies/:strategyId`,
    { config: update, schema: { params: StrategyParams, body: StrategyUpdate } },
    async (request, reply) => {
      const write = toggleWrite(request);
      const { strategyId } = request.params;
      const row = await updateStrategy(deps, write, pathOf(request.params), strategyId, replaceStrategy(request.body));
      return sendChanged(reply, write, row);
    },
  );

  app.patch(
    `${envBase}/strategies/:strategyId`,
    { config: update, schema: { params: StrategyParams, body: PatchBody } },
    async (request, reply) => {
      const write = toggleWrite(request);
      const { strategyId } = request.params;
      const row = await updateStrategy(deps, write, pathOf(request.params), strategyId, patchStrategy(request.body));
      return sendChanged(reply, write, row);
    },
  );

  app.delete(
    `${envBase}/strategies/:strategyId`,
    { config: update, schema: { params: StrategyParams } },
    async (request, reply) => {
      const write = toggleWrite(request);
      await removeStrategyInstance(deps, write, pathOf(request.params), request.params.strategyId);
      return sendChanged(reply, write);
    },
  );
}
