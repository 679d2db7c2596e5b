import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { uiBootstrap, uiConfig } from './service.ts';

export async function uiConfigRoutes(app: FastifyInstance, deps: AppDeps) {
  // Open: the sign-in page needs it before anyone is signed in.
  app.get('/api/admin/ui-config', { config: { permission: 'OPEN' } }, async () => uiConfig(deps));
  app.get('/api/admin/ui-bootstrap', { config: { permission: 'NONE' } }, async (request) =>
    uiBootstrap(deps, request.caller!),
  );
}
