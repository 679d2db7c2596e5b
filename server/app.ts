import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAddonDelivery } from './addons/delivery.ts';
import { addonRoutes } from './addons/routes.ts';
import { apiTokenRoutes } from './api-tokens/routes.ts';
import { resolveCaller } from './auth/index.ts';
import { authRoutes } from './auth/routes.ts';
import { changeRequestRoutes } from './change-requests/routes.ts';
import { registerChangeRequestSchedule } from './change-requests/schedule.ts';
import { clientApiRoutes } from './client-api/routes.ts';
import type { Config } from './config.ts';
import { contextRoutes } from './context/routes.ts';
import { createDeps } from './deps.ts';
import { environmentRoutes } from './environments/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { lifecycleRoutes } from './feature-lifecycle/routes.ts';
import { featureTypeRoutes } from './feature-types/routes.ts';
import { featureRoutes } from './features/routes.ts';
import { liveConsoleRoutes } from './features/toggles/live-routes.ts';
import { frontendApiRoutes } from './frontend-api/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { importExportRoutes } from './import-export/routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { ofrepRoutes } from './ofrep/index.ts';
import { registerAccessControl } from './platform/access/guard.ts';
import type { Db } from './platform/db/client.ts';
import { registerOpenApi } from './platform/docs/openapi.ts';
import { docsRoutes } from './platform/docs/routes.ts';
import { consoleBuild, consoleRoutes } from './platform/http/console.ts';
import { registerJsonParser } from './platform/http/content-type.ts';
import { registerCsrfGuard } from './platform/http/csrf.ts';
import { endUnusedConnectionsOnClose } from './platform/http/unused-connections.ts';
import { frameworkErrors, registerErrorHandler } from './platform/http/error-handler.ts';
import { notFound } from './platform/http/errors.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { schemaController } from './platform/http/schema-compilers.ts';
import { RequestLog } from './platform/http/request-log.ts';
import { registerIdempotency } from './platform/idempotency/plugin.ts';
import { registerRevisions } from './platform/revisions/plugin.ts';
import { rememberTokenCallers } from './platform/revisions/token-callers.ts';
import { version } from './platform/version.ts';
import { projectAccessRoutes } from './project-access/routes.ts';
import { projectEnvironmentRoutes } from './project-environments/routes.ts';
import { projectOverviewRoutes } from './project-overview/routes.ts';
import { listProjectIds, projectRolesOf } from './projects/index.ts';
import { projectRoutes } from './projects/routes.ts';
import { registerPushDelivery } from './push/delivery.ts';
import { pushRoutes } from './push/routes.ts';
import { segmentRoutes } from './segments/routes.ts';
import { ssoSettingsRoutes } from './sso/routes.ts';
import { ssoSignInRoutes } from './sso/sign-in-routes.ts';
import { strategyRoutes } from './strategies/routes.ts';
import { strategyUsageRoutes } from './strategy-usage/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { triggerRoutes } from './triggers/routes.ts';
import { uiConfigRoutes } from './ui-config/routes.ts';
import { userRoutes } from './users/routes.ts';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** The built console; defaults to dist/ at the top of the repository. */
  distDir?: string;
  /**
   * 'at-start' (default, and the tests): every route schema is compiled before the app is ready, as Fastify does.
   * 'on-first-use' (npm start): each by the first request that needs it.
   */
  compileSchemas?: 'at-start' | 'on-first-use';
}

/** Answers of at least this many bytes are compressed (brotli or gzip, as Accept-Encoding asks). */
export const COMPRESSION_THRESHOLD = 1024;

const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url));

/**
 * Builds the Fastify app (not listening) from a configuration and an open, migrated database. The hooks that apply
 * to every route (errors, JSON bodies, security headers, the input guard, access control, the CSRF guard,
 * idempotency, the API document) are set at the root first;
 * each domain's routes are a plugin in the base-path scope, given the deps.
 */
export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: true, removeAdditional: false } }, // additionalProperties: false is a 400
    schemaController: schemaController({ onFirstUse: options.compileSchemas === 'on-first-use' }),
    trustProxy: config.trustProxy,
    frameworkErrors,
    // A plugin's start is not timed: on a busy 2-core machine swagger-ui's took over Fastify's default 10 s, and
    // the server refused to start.
    pluginTimeout: 0,
  });
  const deps = createDeps(config, db);
  const base = config.baseUriPath;
  const distDir = options.distDir ?? defaultDistDir;

  endUnusedConnectionsOnClose(app);
  registerErrorHandler(app);
  registerJsonParser(app);
  await registerSecurityHeaders(app);
  // Every route's answer, as the last onSend step; one that already has a Content-Encoding is left alone.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    globalDecompression: false,
  });
  await app.register(fastifyCookie);
  // In this order, before validation: malformed text (400), who is calling (401, 403), forgery (403).
  registerInputGuard(app);
  registerAccessControl(app, {
    resolveCaller: rememberTokenCallers(app, (request) => resolveCaller(deps, request)),
    listProjectIds: () => listProjectIds(db),
    projectRolesOf: (userId) => projectRolesOf(db, userId),
  });
  registerCsrfGuard(app, { publicUrl: config.unleashUrl });
  registerIdempotency(app, { db });
  registerRevisions(app, { db });
  registerAddonDelivery(app, deps);
  registerPushDelivery(app, deps);
  registerChangeRequestSchedule(app, deps);
  await registerOpenApi(app, { baseUriPath: base, version });
  app.setNotFoundHandler({}, async (request) => {
    throw notFound(`Could not find ${request.method} ${request.url.split('?')[0]}`);
  });

  await app.register(
    async (scope) => {
      await scope.register(healthRoutes, { deps });
      await scope.register(authRoutes, { deps });
      await scope.register(uiConfigRoutes, { deps });
      await scope.register(userRoutes, { deps });
      await scope.register(ssoSettingsRoutes, { deps });
      await scope.register(ssoSignInRoutes, { deps });
      await scope.register(apiTokenRoutes, { deps });
      await scope.register(invoiceRoutes, { deps });
      await scope.register(featureTypeRoutes, { deps });
      await scope.register(environmentRoutes, { deps });
      await scope.register(projectRoutes, { deps });
      await scope.register(projectOverviewRoutes, { deps });
      await scope.register(projectAccessRoutes, { deps });
      await scope.register(projectEnvironmentRoutes, { deps });
      await scope.register(tagRoutes, { deps });
      await scope.register(strategyRoutes, { deps });
      await scope.register(contextRoutes, { deps });
      await scope.register(segmentRoutes, { deps });
      await scope.register(strategyUsageRoutes, { deps });
      await scope.register(featureRoutes, { deps });
      await scope.register(changeRequestRoutes, { deps });
      await scope.register(triggerRoutes, { deps });
      await scope.register(lifecycleRoutes, { deps });
      await scope.register(importExportRoutes, { deps });
      await scope.register(eventRoutes, { deps });
      await scope.register(addonRoutes, { deps });
      await scope.register(pushRoutes, { deps });
      await scope.register(clientApiRoutes, { deps });
      await scope.register(frontendApiRoutes, { deps });
      await scope.register(ofrepRoutes, { deps });
      await scope.register(metricsRoutes, { deps });
      await scope.register(docsRoutes, { baseUriPath: base });
      await scope.register(liveConsoleRoutes, { deps, build: consoleBuild(distDir) });
      await scope.register(consoleRoutes, { distDir, baseUriPath: base });
    },
    { prefix: base },
  );
  if (base !== '') {
    app.get('/', { config: { permission: 'OPEN' }, schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(`${base}/`, 302),
    );
  }
  return app;
}
