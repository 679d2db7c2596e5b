import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FeatureTypeListSchema } from '../../contract/features.ts';
import type { AppDeps } from '../deps.ts';
import { FEATURE_TYPES } from './types.ts';

/** The feature toggle types: fixed reference data (the deps are taken like every domain's, and not needed). */
export const featureTypeRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app) => {
  app.get(
    '/api/admin/feature-types',
    { config: { permission: 'NONE' }, schema: { response: { 200: FeatureTypeListSchema } } },
    async () => ({ version: 1 as const, types: [...FEATURE_TYPES] }),
  );
};
