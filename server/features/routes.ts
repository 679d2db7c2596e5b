import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../deps.ts';
import { dependencyRoutes } from './dependencies/routes.ts';
import { strategyInstanceRoutes } from './environment-strategies/routes.ts';
import { featureTagRoutes } from './feature-tags/routes.ts';
import { favoriteRoutes } from './pins/routes.ts';
import { projectFeatureRoutes } from './toggles/project-routes.ts';
import { classicToggleRoutes } from './toggles/routes.ts';
import { featureSyncRoutes } from './toggles/sync-routes.ts';

/**
 * The toggle API, a plugin per part: the classic API and the archive, the project API, the tags of a toggle, its
 * pins, its dependencies, its strategy instances, and the offline mirror's sync.
 */
export const featureRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(classicToggleRoutes, { deps });
  await app.register(featureTagRoutes, { deps });
  await app.register(favoriteRoutes, { deps });
  await app.register(dependencyRoutes, { deps });
  await app.register(projectFeatureRoutes, { deps });
  await app.register(strategyInstanceRoutes, { deps });
  await app.register(featureSyncRoutes, { deps });
};
