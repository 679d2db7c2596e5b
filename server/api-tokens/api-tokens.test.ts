import { describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../test-support/fixture.ts';

useServer({ env: { INIT_CLIENT_API_TOKENS: '*:default.init-client-secret-abcdefgh' } });

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
      '"type" must be one of [admin, client, frontend]',
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

  it('refuses a client token for an unknown environment', async () => {
    const unknown = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'x', type: 'client', environment: 'nowhere' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ name: 'ValidationError', details: [{ path: ['environment'] }] });
    const count = await server.call('GET', 'api/admin/api-tokens', { cookie: admin });
    expect(count.body.tokens.some((t: { username: string }) => t.username === 'x')).toBe(false);
  });

  it('changes an expiry (PUT), with an audit event, and refuses a past one, an unknown token and bad bodies', async () => {
    const created = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'expiring', type: 'client' },
    });
    const path = `api/admin/api-tokens/${encodeURIComponent(created.body.secret)}`;
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const put = await server.call('PUT', path, { cookie: admin, body: { expiresAt: nextYear } });
    expect(put.status).toBe(200);
    const listed = async () =>
      (await server.call('GET', 'api/admin/api-tokens', { cookie: admin })).body.tokens.find(
        (t: { secret: string }) => t.secret === created.body.secret,
      );
    expect((await listed()).expiresAt).toBe(nextYear);
    const [event] = await server.sql(
      `select data, pre_data from events where type = 'api-token-updated' order by id desc limit 1`,
    );
    expect(event).toMatchObject({
      data: { username: 'expiring' },
      pre_data: { username: 'expiring', expiresAt: null },
    });
    expect(JSON.stringify(event)).not.toContain(created.body.secret.split('.')[1]);

    const past = await server.call('PUT', path, { cookie: admin, body: { expiresAt: '2020-01-01T00:00:00.000Z' } });
    expect(past.status).toBe(400);
    expect(past.body.details[0]).toMatchObject({ path: ['expiresAt'], message: '"expiresAt" must be in the future' });
    for (const body of [{}, { expiresAt: 'tomorrow' }, { expiresAt: 5 }]) {
      const bad = await server.call('PUT', path, { cookie: admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.details[0].path).toEqual(['expiresAt']);
    }
    expect((await listed()).expiresAt).toBe(nextYear);

    expect((await server.call('PUT', path, { cookie: admin, body: { expiresAt: null } })).status).toBe(200);
    expect((await listed()).expiresAt).toBeNull();

    const unknown = await server.call('PUT', 'api/admin/api-tokens/nope', { cookie: admin, body: { expiresAt: null } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.name).toBe('NotFoundError');
  });

  it('refuses an expired token on the client and admin APIs, and takes it again once its expiry moves', async () => {
    const client = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'short-client', type: 'client' },
    });
    const adminToken = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'short-admin', type: 'admin' },
    });
    // Used while valid (the server then remembers the caller), then given an expiry a moment ahead.
    expect((await server.call('GET', 'api/client/features', { token: client.body.secret })).status).toBe(200);
    expect((await server.call('GET', 'api/admin/features', { token: adminToken.body.secret })).status).toBe(200);
    const expiresAt = Date.now() + 3000;
    for (const token of [client.body.secret, adminToken.body.secret]) {
      const put = await server.call('PUT', `api/admin/api-tokens/${encodeURIComponent(token)}`, {
        cookie: admin,
        body: { expiresAt: new Date(expiresAt).toISOString() },
      });
      expect(put.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 50));
    const refusedClient = await server.call('GET', 'api/client/features', { token: client.body.secret });
    expect(refusedClient.status).toBe(401);
    expect(refusedClient.body).toMatchObject({ name: 'UnauthorizedError', message: 'Unknown or expired API token' });
    expect((await server.call('GET', 'api/admin/features', { token: adminToken.body.secret })).status).toBe(401);

    const later = new Date(Date.now() + 86_400_000).toISOString();
    await server.call('PUT', `api/admin/api-tokens/${encodeURIComponent(client.body.secret)}`, {
      cookie: admin,
      body: { expiresAt: later },
    });
    expect((await server.call('GET', 'api/client/features', { token: client.body.secret })).status).toBe(200);
  });

  it('needs ADMIN for every call', async () => {
    const editor = await server.createUser('Editor');
    const created = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'kept', type: 'client' },
    });
    const path = `api/admin/api-tokens/${encodeURIComponent(created.body.secret)}`;
    expect((await server.call('GET', 'api/admin/api-tokens', { cookie: editor.cookie })).status).toBe(403);
    const post = { username: 'e', type: 'client' };
    expect((await server.call('POST', 'api/admin/api-tokens', { cookie: editor.cookie, body: post })).status).toBe(403);
    const put = await server.call('PUT', path, { cookie: editor.cookie, body: { expiresAt: null } });
    expect(put.status).toBe(403);
    expect((await server.call('DELETE', path, { cookie: editor.cookie })).status).toBe(403);
    expect((await server.call('PUT', path, { token: created.body.secret, body: { expiresAt: null } })).status).toBe(
      403,
    );
  });
});
