import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAccessControl } from './platform/access/guard.ts';
import { apiTokenRoutes } from './api-tokens/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { clientApiRoutes } from './client-api/routes.ts';
import { contextRoutes } from './context/routes.ts';
import { environmentRoutes } from './environments/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { featureTypeRoutes } from './feature-types/routes.ts';
import { featureRoutes } from './features/routes.ts';
import type { Config } from './config.ts';
import type { Db } from './platform/db/client.ts';
import { createDeps } from './deps.ts';
import { healthRoutes } from './health/routes.ts';
import { registerIdempotency } from './platform/idempotency/plugin.ts';
import { consoleRoutes } from './platform/http/console.ts';
import { registerJsonParser } from './platform/http/content-type.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { notFound } from './platform/http/errors.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { strategyRoutes } from './strategies/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { uiConfigRoutes } from './ui-config/routes.ts';
import { userRoutes } from './users/routes.ts';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** The built console; defaults to dist/ at the top of the repository. */
  distDir?: string;
}

const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url));

/** Builds the Fastify app (not listening) from a configuration and an open, migrated database. */
export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true } },
  });
  const deps = createDeps(config, db);
  const base = config.baseUriPath;

  registerErrorHandler(app);
  registerJsonParser(app);
  await app.register(fastifyCookie);
  registerAccessControl(app, deps);
  registerIdempotency(app, deps);
  app.setNotFoundHandler({}, async (request) => {
    throw notFound(`Could not find ${request.method} ${request.url.split('?')[0]}`);
  });

  await app.register(
    async (scope) => {
      await healthRoutes(scope);
      await authRoutes(scope, deps);
      await uiConfigRoutes(scope, deps);
      await userRoutes(scope, deps);
      await apiTokenRoutes(scope, deps);
      await featureTypeRoutes(scope);
      await environmentRoutes(scope, deps);
      await projectRoutes(scope, deps);
      await tagRoutes(scope, deps);
      await strategyRoutes(scope, deps);
      await contextRoutes(scope, deps);
      await featureRoutes(scope, deps);
      await eventRoutes(scope, deps);
      await clientApiRoutes(scope, deps);
      await metricsRoutes(scope, deps);
      await consoleRoutes(scope, { distDir: options.distDir ?? defaultDistDir, baseUriPath: base });
    },
    { prefix: base },
  );
  if (base !== '') {
    app.get('/', { config: { permission: 'OPEN' } }, async (_request, reply) => reply.redirect(`${base}/`, 302));
  }
  return app;
}
