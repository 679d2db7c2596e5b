import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FeatureSyncPageSchema, FeatureSyncQuery } from '../../../contract/sync.ts';
import type { AppDeps } from '../../deps.ts';
import { featureSyncPage } from './sync.ts';
import { readerOf } from '../toggle-http.ts';

/** GET api/admin/sync/features (ours): the console's offline mirror reads every toggle in pages, then what changed. */
export const featureSyncRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/sync/features',
    {
      config: { permission: 'NONE' },
      schema: {
        description:
          'Live toggles in the project shape (every environment, its strategies, variants, version), sorted by ' +
          'name, a page at a time (`after`: the previous `next`); with `since` (an earlier `revision`) only those ' +
          'changed since, and on the first page the names of those deleted or archived since. `favorite`: whether ' +
          'the caller pinned the toggle (a pin counts as a change of it for `since`).',
        querystring: FeatureSyncQuery,
        response: { 200: FeatureSyncPageSchema },
      },
    },
    async (request) => featureSyncPage(deps.db, request.query, readerOf(request)),
  );
};
