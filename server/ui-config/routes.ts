import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UiBootstrapSchema, UiConfigSchema } from '../../contract/ui-config.ts';
import type { AppDeps } from '../deps.ts';
import { uiBootstrap, uiConfig } from './service.ts';

export const uiConfigRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  // Open: the sign-in page needs it before anyone is signed in.
  app.get(
    '/api/admin/ui-config',
    { config: { permission: 'OPEN' }, schema: { response: { 200: UiConfigSchema } } },
    async () => uiConfig(deps),
  );
  app.get(
    '/api/admin/ui-bootstrap',
    { config: { permission: 'NONE' }, schema: { response: { 200: UiBootstrapSchema } } },
    async (request) => uiBootstrap(deps, request.caller!, await request.callerPermissions()),
  );
};
