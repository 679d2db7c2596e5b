import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test-support/harness.ts';

/** Every `METHOD path` Fastify registered, read from the tree app.printRoutes() draws (HEAD routes left out). */
function registeredRoutes(app: FastifyInstance): string[] {
  const branch: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    branch.length = node[1].length / 4;
    branch.push(node[2]);
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${branch.join('')}`);
  }
  return routes;
}

interface Operation {
  'x-permission'?: string;
  description?: string;
  responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
  requestBody?: unknown;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every `METHOD path` of the document, in Fastify's spelling (:param). */
const documentedRoutes = (doc: OpenApi) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );

/** The routes that are not API operations: the reference page and its assets, and the console. */
const undocumented = (base: string) => (route: string) =>
  route.startsWith(`GET ${base}/docs`) || [`GET ${base}`, `GET ${base}/`, `GET ${base}/*`, 'GET /'].includes(route);

describe.each([
  ['at the root', {}],
  ['under BASE_URI_PATH', { BASE_URI_PATH: '/yard' }],
])('the API document %s', (_where, env: Record<string, string>) => {
  let server: TestServer;
  let doc: OpenApi;
  beforeAll(async () => {
    server = await startServer(env);
    doc = (await server.call('GET', 'docs/openapi.json')).body;
  });
  afterAll(() => server?.close());

  it('is a valid OpenAPI 3.1 document, served without signing in', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('lists every registered route, and only those', () => {
    const registered = registeredRoutes(server.app).filter((route) => !undocumented(server.base)(route));
    expect(registered.length).toBeGreaterThan(60);
    expect(documentedRoutes(doc).sort()).toEqual([...new Set(registered)].sort());
  });

  it('names the permission, the request and the answers of every operation', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation['x-permission'], name).toMatch(/^[A-Z_]+$/);
        expect(operation.description, name).toContain(`Permission: ${operation['x-permission']}`);
        expect(
          Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status)),
          name,
        ).toBe(true);
      }
    }
    const createUser = doc.paths[`${server.base}/api/admin/user-admin`].post;
    expect(createUser['x-permission']).toBe('ADMIN');
    expect(createUser.requestBody).toBeDefined();
    const created = createUser.responses['201'].content!['application/json'].schema;
    expect(Object.keys(created.properties!)).toContain('email');
    expect(Object.keys(created.properties!)).not.toContain('passwordHash');
  });

  it('serves the reference page and its assets from the package, and no console page under docs/', async () => {
    const page = await server.call('GET', 'docs', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${server.base}/docs/static/swagger-ui-bundle.js`);
    const bundle = await server.call('GET', 'docs/static/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect((await server.call('GET', 'docs/json')).body).toEqual(doc);
    const missing = await server.call('GET', 'docs/nope', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.body.name).toBe('NotFoundError');
  });
});
