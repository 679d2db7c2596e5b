import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../platform/test-support/harness.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer({ INIT_CLIENT_API_TOKENS: '*:default.init-client-secret-abcdefgh' });
  admin = await server.adminCookie();
});
afterAll(() => server?.close());

describe('api-tokens', () => {
  it('lists the INIT_* tokens created at start', async () => {
    const response = await server.call('GET', 'api/admin/api-tokens', { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.body.tokens).toEqual([
      expect.objectContaining({
        secret: '*:default.init-client-secret-abcdefgh',
        type: 'client',
        project: '*',
        environment: 'default',
      }),
    ]);
  });

  it('creates admin and client tokens in the reference shapes', async () => {
    const adminToken = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'bench-admin', type: 'ADMIN' },
    });
    expect(adminToken.status).toBe(201);
    expect(adminToken.body).toMatchObject({ username: 'bench-admin', type: 'admin', project: '*', environment: '*' });
    expect(adminToken.body.secret).toMatch(/^\*:\*\.[0-9a-f]{56}$/);
    const client = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'scoped', type: 'client', project: 'default', environment: 'development' },
    });
    expect(client.body.secret).toMatch(/^default:development\.[0-9a-f]{56}$/);
    expect((await server.call('GET', 'api/admin/user-admin', { token: adminToken.body.secret })).status).toBe(200);
    expect((await server.call('GET', 'api/admin/user-admin', { token: client.body.secret })).status).toBe(403);
    const events = await server.sql(`select data from events where type = 'api-token-created'`);
    expect(JSON.stringify(events)).not.toContain(adminToken.body.secret.split('.')[1]);
  });

  it('lists every schema error, and refuses unknown projects', async () => {
    const invalid = await server.call('POST', 'api/admin/api-tokens', { cookie: admin, body: { type: 'SUPER' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.isJoi).toBe(true);
    expect(invalid.body.details.map((d: { path: string[] }) => d.path[0]).sort()).toEqual(['type', 'username']);
    expect(invalid.body.details.find((d: { path: string[] }) => d.path[0] === 'type').message).toBe(
      '"type" must be one of [admin, client]',
    );
    const unknown = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'x', type: 'client', project: 'nope' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].path).toEqual(['project']);
  });

  it('deletes a token, which then stops working', async () => {
    const created = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'tmp', type: 'admin' },
    });
    const secret = created.body.secret as string;
    expect(
      (await server.call('DELETE', `api/admin/api-tokens/${encodeURIComponent(secret)}`, { cookie: admin })).status,
    ).toBe(200);
    expect((await server.call('GET', 'api/admin/user', { token: secret })).status).toBe(401);
    expect(
      (await server.call('DELETE', `api/admin/api-tokens/${encodeURIComponent(secret)}`, { cookie: admin })).status,
    ).toBe(404);
  });

  it('needs ADMIN', async () => {
    const editor = await server.createUser('Editor');
    expect((await server.call('GET', 'api/admin/api-tokens', { cookie: editor.cookie })).status).toBe(403);
  });
});
