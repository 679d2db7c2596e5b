import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../test-support/fixture.ts';

// The frontend API on a real server: FRONTEND tokens, evaluation from the client API's snapshot, CORS origins.

const CLIENT = '*:default.client-secret-abcdefghij';
const ADMIN = '*:*.admin-secret-abcdefghijklm';
const ORIGIN = 'https://app.example.com';

let frontend: string;
let devFrontend: string;
const get = (path: string, token: string | undefined, headers: Record<string, string> = {}) =>
  server.call('GET', path, { token, headers });
const names = (body: { toggles: { name: string }[] }) => body.toggles.map((t) => t.name);

async function frontendToken(body: Record<string, unknown>) {
  return server.call('POST', 'api/admin/api-tokens', { cookie: admin, body: { username: 'web-app', ...body } });
}

useServer({ env: { INIT_CLIENT_API_TOKENS: CLIENT, INIT_ADMIN_API_TOKENS: ADMIN } });
beforeAll(async () => {
  const create = async (body: unknown) => {
    const answer = await server.call('POST', 'api/admin/features', { cookie: admin, body });
    if (answer.status >= 300) throw new Error(`${answer.status} ${answer.text}`);
  };
  await create({ name: 'web.everyone', enabled: true, strategies: [{ name: 'default' }] });
  await create({ name: 'web.off', enabled: false, strategies: [{ name: 'default' }] });
  await create({
    name: 'web.beta',
    enabled: true,
    strategies: [{ name: 'userWithId', parameters: { userIds: 'alice,bob' } }],
    variants: [{ name: 'blue', weight: 1000, payload: { type: 'string', value: 'sky' } }],
  });
  await create({
    name: 'web.tier',
    enabled: true,
    strategies: [{ name: 'default', constraints: [{ contextName: 'tier', operator: 'IN', values: ['gold'] }] }],
  });
  await create({
    name: 'web.local',
    enabled: true,
    strategies: [{ name: 'remoteAddress', parameters: { IPs: '127.0.0.1' } }],
  });
  const created = await frontendToken({ type: 'frontend', project: '*', environment: 'default' });
  expect(created.status).toBe(201);
  frontend = created.body.secret;
  devFrontend = (await frontendToken({ type: 'frontend', project: 'default', environment: 'development' })).body.secret;
});

describe('frontend tokens', () => {
  it('are created and listed like client tokens, for one environment', async () => {
    expect(frontend).toMatch(/^\*:default\.[0-9a-f]{56}$/);
    const list = await server.call('GET', 'api/admin/api-tokens', { cookie: admin });
    expect(list.body.tokens.filter((t: { type: string }) => t.type === 'frontend')).toHaveLength(2);
    const all = await frontendToken({ type: 'frontend', environment: '*' });
    expect(all.status).toBe(400);
    expect(all.body.details[0].message).toBe('"environment" must be one environment for a frontend token');
  });

  it('may call only the frontend API, which only they may call', async () => {
    expect((await get('api/frontend', CLIENT)).status).toBe(403);
    expect((await get('api/frontend', ADMIN)).body.message).toBe(
      'The frontend API (api/frontend) needs a frontend API token',
    );
    expect((await get('api/frontend', ADMIN)).status).toBe(403);
    expect((await get('api/frontend', undefined, { cookie: admin })).status).toBe(403);
    expect((await get('api/frontend', undefined)).status).toBe(401);
    expect((await get('api/frontend', 'default:default.unknown')).status).toBe(401);
    const client = await get('api/client/features', frontend);
    expect(client.status).toBe(403);
    expect(client.body.message).toBe('Frontend API tokens can only be used on the frontend API (api/frontend)');
    expect((await get('api/admin/features', frontend)).status).toBe(403);
  });
});

describe('GET and POST api/frontend', () => {
  it("lists the enabled toggles of the token's environment for the context in the query", async () => {
    const anonymous = await get('api/frontend', frontend);
    expect(anonymous.status).toBe(200);
    // The caller's address is the context's remoteAddress unless the context names one.
    expect(names(anonymous.body)).toEqual(['web.everyone', 'web.local']);
    expect(anonymous.body.toggles[0]).toEqual({
      name: 'web.everyone',
      enabled: true,
      variant: { name: 'disabled', enabled: false, feature_enabled: true },
      impressionData: false,
    });
    const alice = await get('api/frontend?userId=alice&properties[tier]=gold&remoteAddress=10.0.0.1', frontend);
    expect(names(alice.body)).toEqual(['web.beta', 'web.everyone', 'web.tier']);
    expect(alice.body.toggles[0].variant).toEqual({
      name: 'blue',
      enabled: true,
      payload: { type: 'string', value: 'sky' },
      feature_enabled: true,
    });
    expect(names((await get('api/frontend?userId=alice', devFrontend)).body)).toEqual([]);
  });

  it('takes the context as a POST body, as usePOSTrequests sends it', async () => {
    const answer = await server.call('POST', 'api/frontend', {
      token: frontend,
      body: { context: { userId: 'bob', remoteAddress: '10.0.0.2', properties: { tier: 'gold' } } },
    });
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual(['web.beta', 'web.everyone', 'web.tier']);
    const bad = await server.call('POST', 'api/frontend', {
      token: frontend,
      body: { context: { userId: { id: 'a' } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toBe('ValidationError');
  });

  it('answers 304 to the ETag of the same answer, and a new answer after a change', async () => {
    const first = await get('api/frontend?userId=carol', frontend);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await get('api/frontend?userId=carol', frontend, { 'if-none-match': etag })).status).toBe(304);
    expect((await get('api/frontend?userId=alice', frontend, { 'if-none-match': etag })).status).toBe(200);
    const off = await server.call('POST', 'api/admin/features/web.everyone/toggle/off', { cookie: admin });
    expect(off.status).toBeLessThan(300);
    const after = await get('api/frontend?userId=carol', frontend, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(names(after.body)).not.toContain('web.everyone');
    await server.call('POST', 'api/admin/features/web.everyone/toggle/on', { cookie: admin });
  });

  it('records metrics and registrations as the client API does (202)', async () => {
    const now = new Date();
    const metrics = await server.call('POST', 'api/frontend/client/metrics', {
      token: frontend,
      body: {
        appName: 'web-shop',
        instanceId: 'browser',
        bucket: {
          start: new Date(now.getTime() - 60_000).toISOString(),
          stop: now.toISOString(),
          toggles: { 'web.everyone': { yes: 4, no: 1, variants: {} } },
        },
        impactMetrics: [],
      },
    });
    expect(metrics.status).toBe(202);
    const counted = await server.call('GET', 'api/admin/metrics/feature-toggles/web.everyone', { cookie: admin });
    expect(counted.body.lastHour).toEqual({ yes: 4, no: 1 });
    const registered = await server.call('POST', 'api/frontend/client/register', {
      token: frontend,
      body: { appName: 'web-shop', instanceId: 'tab-1', sdkVersion: 'unleash-js-sdk:3.8.2' },
    });
    expect(registered.status).toBe(202);
    const apps = await server.call('GET', 'api/admin/metrics/applications', { cookie: admin });
    expect(JSON.stringify(apps.body)).toContain('web-shop');
    const refused = await server.call('POST', 'api/frontend/client/metrics', { token: CLIENT, body: {} });
    expect(refused.status).toBe(403);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    server.call('OPTIONS', 'api/frontend', {
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('allows every origin by default and answers preflights', async () => {
    const settings = await server.call('GET', 'api/admin/ui-config/cors', { cookie: admin });
    expect(settings.body).toEqual({ frontendApiOrigins: ['*'] });
    const answer = await preflight('https://anywhere.example');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization');
    const toggles = await get('api/frontend', frontend, { origin: 'https://anywhere.example' });
    expect(toggles.headers.get('access-control-allow-origin')).toBe('*');
    expect(toggles.headers.get('access-control-expose-headers')).toBe('ETag');
  });

  it('lets an admin narrow the origins (audited) and refuses the others', async () => {
    const before = await server.sql("select count(*)::int as n from events where type = 'frontend-settings-updated'");
    const set = await server.call('POST', 'api/admin/ui-config/cors', {
      cookie: admin,
      body: { frontendApiOrigins: [ORIGIN, ` ${ORIGIN}`] },
    });
    expect(set.status).toBe(204);
    const [event] = await server.sql(
      "select created_by, data, pre_data from events where type = 'frontend-settings-updated' order by id desc limit 1",
    );
    expect(event).toEqual({
      created_by: 'admin',
      data: { frontendApiOrigins: [ORIGIN] },
      pre_data: { frontendApiOrigins: ['*'] },
    });
    expect(
      (await server.sql("select count(*)::int as n from events where type = 'frontend-settings-updated'"))[0].n,
    ).toBe(Number(before[0].n) + 1);
    expect((await server.call('GET', 'api/admin/ui-config/cors', { cookie: admin })).body).toEqual({
      frontendApiOrigins: [ORIGIN],
    });

    const allowed = await preflight(ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('vary')).toContain('Origin');
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.body.message).toBe('The origin https://evil.example may not use the frontend API');
    const read = await get('api/frontend', frontend, { origin: 'https://evil.example' });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const denied = await get('api/frontend', CLIENT, { origin: ORIGIN });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('refuses a bad origin with a 400 naming it, and non-admins, changing nothing', async () => {
    const bad = await server.call('POST', 'api/admin/ui-config/cors', {
      cookie: admin,
      body: { frontendApiOrigins: ['*', 'https://ok.example', 'https://example.com/path'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({
      path: ['frontendApiOrigins', 2],
      message: 'Enter * or an origin such as https://example.com (scheme, host and port only)',
    });
    const editor = await server.createUser('Editor');
    const refused = await server.call('POST', 'api/admin/ui-config/cors', {
      cookie: editor.cookie,
      body: { frontendApiOrigins: ['*'] },
    });
    expect(refused.status).toBe(403);
    const unknownField = await server.call('POST', 'api/admin/ui-config/cors', {
      cookie: admin,
      body: { frontendApiOrigins: ['*'], other: 1 },
    });
    expect(unknownField.status).toBe(400);
    expect((await server.call('GET', 'api/admin/ui-config/cors', { cookie: admin })).body).toEqual({
      frontendApiOrigins: [ORIGIN],
    });
  });
});
