import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RoutePermission } from '../access/guard.ts';

/** Who may call a route, in words, for each kind of permission. */
function whoMayCall(permission: RoutePermission): string {
  if (permission === 'OPEN') return 'anyone, without signing in';
  if (permission === 'NONE') return 'any signed-in user or admin API token';
  if (permission === 'CLIENT') return 'a client or admin API token';
  if (permission === 'FRONTEND') return 'a frontend API token';
  if (permission === 'SDK') return 'a client or a frontend API token';
  if (permission === 'ADMIN') return 'an Admin user or an admin API token';
  return `a user holding ${permission} (or ADMIN), or an admin API token`;
}

/** The credentials a route accepts (see components.securitySchemes). */
function securityOf(permission: RoutePermission): Array<Record<string, string[]>> {
  if (permission === 'OPEN') return [];
  if (permission === 'CLIENT' || permission === 'FRONTEND' || permission === 'SDK') return [{ apiToken: [] }];
  return [{ session: [] }, { apiToken: [] }];
}

/** Groups operations by the first path segment after the API prefix: features, projects, user-admin, client... */
function tagOf(path: string): string {
  const [first, second, third] = path.split('/').filter(Boolean);
  if (first === 'api') return second === 'admin' ? (third ?? 'admin') : second;
  return first === 'logout' ? 'auth' : first;
}

/** Adds the route's permission (description and x-permission), its tag and the credentials it accepts. */
function describeRoute(route: RouteOptions, baseUriPath: string) {
  const permission = route.config?.permission ?? 'OPEN';
  const who = `Permission: ${permission} (${whoMayCall(permission)}).`;
  const schema = route.schema ?? {};
  return {
    ...schema,
    tags: [tagOf(route.url.slice(baseUriPath.length))],
    description: schema.description ? `${schema.description}\n\n${who}` : who,
    'x-permission': permission,
    security: securityOf(permission),
  };
}

/**
 * Builds an OpenAPI 3.1 document from every route's schemas (served by docsRoutes). Register it at the root before
 * any route: it learns the routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, options: { baseUriPath: string; version: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchyard API',
        version: options.version,
        description: 'The Unleash 4 admin and client API of this server, with the permission each call needs.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'unleash-session', description: 'Set by signing in' },
          apiToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'An API token secret' },
        },
      },
    },
    transform: ({ schema, url, route }) => ({
      schema: schema?.hide ? schema : describeRoute(route, options.baseUriPath),
      url,
    }),
  });
}
