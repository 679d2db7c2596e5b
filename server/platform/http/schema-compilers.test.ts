import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test-support/harness.ts';
import { schemaController } from './schema-compilers.ts';

// The test servers compile each schema on first use, as npm start does; this one compiles every route's at start,
// so a schema no test sends a request through still has to compile.
describe('schemas compiled at start', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer({}, { compileSchemas: 'at-start' });
    admin = await server.adminCookie();
  });
  afterAll(() => server?.close());

  it('validate bodies and params as at start: the offending field is named', async () => {
    const body = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'a@b.co', rootRole: 'x' },
    });
    expect(body.status).toBe(400);
    expect(body.body).toMatchObject({ name: 'ValidationError', isJoi: true });
    expect(body.body.details[0]).toMatchObject({ path: ['rootRole'] });
    const params = await server.call('GET', 'api/admin/user-admin/abc', { cookie: admin });
    expect(params.status).toBe(400);
    expect(params.body.details[0].path).toEqual(['id']);
  });

  it('serialise answers by their response schema', async () => {
    const created = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'deferred@example.com', name: 'Deferred', rootRole: 3 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'deferred@example.com', name: 'Deferred', rootRole: 3 });
    expect(created.body).not.toHaveProperty('passwordHash');
    expect(created.body).not.toHaveProperty('password_hash');
  });
});

describe('schemaController', () => {
  const build = (onFirstUse: boolean, schema: object) => {
    const app = Fastify({ schemaController: schemaController({ onFirstUse }) });
    app.get('/', { schema }, async () => ({ ok: true, secret: 'not in the schema' }));
    return app;
  };

  it('compiles nothing before the first use when asked to, and everything at start otherwise', async () => {
    const broken = { querystring: { type: 'object', properties: { n: { type: 'no-such-type' } } } };
    await expect(build(false, broken).ready()).rejects.toThrow(/no-such-type|schema is invalid/);
    const app = build(true, broken);
    await app.ready();
    const answer = await app.inject({ url: '/?n=1' });
    expect(answer.statusCode).toBe(500);
    await app.close();
  });

  it('compiles on the first request, with Fastify coercion, response filtering and lower-cased header names', async () => {
    const app = build(true, {
      querystring: { type: 'object', properties: { n: { type: 'integer' } } },
      headers: { type: 'object', properties: { 'X-Token': { type: 'string' } }, required: ['X-Token'] },
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    });
    for (let i = 0; i < 2; i++) {
      const ok = await app.inject({ url: '/?n=3', headers: { 'x-token': 't' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ok: true });
      const noToken = await app.inject({ url: '/?n=3' });
      expect(noToken.statusCode).toBe(400);
      expect(noToken.json().message).toMatch(/x-token/);
      const notNumber = await app.inject({ url: '/?n=three', headers: { 'x-token': 't' } });
      expect(notNumber.statusCode).toBe(400);
    }
    await app.close();
  });
});
