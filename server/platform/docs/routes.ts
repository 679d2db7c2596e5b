import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { setScopePermission } from '../access/guard.ts';

/**
 * {base}/docs: the API reference (swagger-ui, its assets served from the package) and {base}/docs/openapi.json, the
 * document itself. Both are open, like the API index of Unleash.
 */
export const docsRoutes: FastifyPluginAsync<{ baseUriPath: string }> = async (app, { baseUriPath }) => {
  setScopePermission(app, 'OPEN');
  app.get('/docs/openapi.json', { config: { permission: 'OPEN' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    indexPrefix: baseUriPath,
    theme: { title: 'Switchyard API' },
  });
};
