import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer } from '../test-support/fixture.ts';

const CLIENT = '*:default.client-secret-abcdefghij';
const DEV = 'default:development.dev-secret-abcdefghij';
const ADMIN = '*:*.admin-secret-abcdefghijklm';
// Client feature keys of Unleash 4.2.2 (catalog record 118) and impressionData (4.7): no createdAt, strategies
// without ids.
const CLIENT_FEATURE = [
  'description',
  'enabled',
  'impressionData',
  'name',
  'project',
  'stale',
  'strategies',
  'type',
  'variants',
];

const get = (path: string, token: string, headers: Record<string, string> = {}) =>
  server.call('GET', path, { token, headers });

useServer({ env: { INIT_CLIENT_API_TOKENS: `${CLIENT},${DEV}`, INIT_ADMIN_API_TOKENS: ADMIN } });
beforeAll(async () => {
  const create = (body: unknown) => server.call('POST', 'api/admin/features', { cookie: admin, body });
  await create({
    name: 'demo.toggle',
    enabled: true,
    strategies: [
      { name: 'flexibleRollout', parameters: { rollout: 50, stickiness: 'default', groupId: 'demo.toggle' } },
    ],
  });
  await create({ name: 'demo.off' });
  await create({ name: 'other.toggle' });
  await create({ name: 'gone' });
  await server.call('DELETE', 'api/admin/features/gone', { cookie: admin });
  await server.call('POST', 'api/admin/features/other.toggle/tags', { cookie: admin, body: { value: 'team-red' } });
  const development = 'api/admin/projects/default/features/demo.off/environments/development';
  await server.call('POST', `${development}/on`, { cookie: admin, contentType: 'application/json' });
});

describe('client features', () => {
  it('serves the default environment to a * token, sorted, without archived toggles', async () => {
    const response = await get('api/client/features', CLIENT);
    expect(response.status).toBe(200);
    expect(response.body.version).toBe(2);
    expect(response.body.query).toEqual({ environment: 'default' });
    expect(response.body.features.map((f: { name: string }) => f.name)).toEqual([
      'demo.off',
      'demo.toggle',
      'other.toggle',
    ]);
    const toggle = response.body.features[1];
    expect(Object.keys(toggle).sort()).toEqual(CLIENT_FEATURE);
    expect(toggle.enabled).toBe(true);
    expect(toggle.strategies).toEqual([
      {
        name: 'flexibleRollout',
        constraints: [],
        parameters: { rollout: '50', stickiness: 'default', groupId: 'demo.toggle' },
      },
    ]);
  });

  it("serves the token's environment", async () => {
    const response = await get('api/client/features', DEV);
    expect(response.body.query).toEqual({ environment: 'development', project: ['default'] });
    const off = response.body.features.find((f: { name: string }) => f.name === 'demo.off');
    expect(off).toMatchObject({ enabled: true, strategies: [{ name: 'default', constraints: [], parameters: {} }] });
    expect(response.body.features.find((f: { name: string }) => f.name === 'demo.toggle').strategies[0].name).toBe(
      'default',
    );
  });

  it('serves every toggle as off in an environment that is disabled globally', async () => {
    const enabledIn = async (token: string, path = 'api/client/features') =>
      (await get(path, token)).body.features.map((f: { name: string; enabled: boolean }) => [f.name, f.enabled]);
    expect(await enabledIn(DEV)).toContainEqual(['demo.off', true]);
    const switchDevelopment = (state: 'on' | 'off') =>
      server.call('POST', `api/admin/environments/development/${state}`, {
        cookie: admin,
        contentType: 'application/json',
      });
    expect((await switchDevelopment('off')).status).toBe(204);
    try {
      expect((await enabledIn(DEV)).every(([, enabled]: [string, boolean]) => enabled === false)).toBe(true);
      expect((await get('api/client/features/demo.off', DEV)).body.enabled).toBe(false);
      expect(await enabledIn(ADMIN, 'api/client/features?environment=development')).toContainEqual(['demo.off', false]);
      expect(await enabledIn(CLIENT)).toContainEqual(['demo.toggle', true]);
    } finally {
      expect((await switchDevelopment('on')).status).toBe(204);
    }
    expect(await enabledIn(DEV)).toContainEqual(['demo.off', true]);
  });

  it('filters by project token, namePrefix, tag and environment; null query for an unfiltered admin token', async () => {
    await server.call('POST', 'api/admin/projects', { cookie: admin, body: { id: 'web', name: 'Web' } });
    const moved = await server.call('POST', 'api/admin/projects/default/features/other.toggle/changeProject', {
      cookie: admin,
      body: { newProjectId: 'web' },
    });
    expect(moved.status).toBe(200);
    expect((await get('api/client/features', DEV)).body.features.map((f: { name: string }) => f.name)).toEqual([
      'demo.off',
      'demo.toggle',
    ]);
    const all = await get('api/client/features', ADMIN);
    expect(all.body.query).toBeNull();
    expect(all.body.features).toHaveLength(3);
    const prefix = await get('api/client/features?namePrefix=demo', ADMIN);
    expect(prefix.body.query).toEqual({ namePrefix: 'demo' });
    expect(prefix.body.features).toHaveLength(2);
    expect(
      (await get('api/client/features?tag=simple:team-red', CLIENT)).body.features.map((f: { name: string }) => f.name),
    ).toEqual(['other.toggle']);
    expect((await get('api/client/features?project=web', CLIENT)).body.features).toHaveLength(1);
    const dev = await get('api/client/features?environment=development', ADMIN);
    expect(dev.body.features.find((f: { name: string }) => f.name === 'demo.off').enabled).toBe(true);
    expect((await get('api/client/features?environment=nope', ADMIN)).status).toBe(404);
  });

  it('answers 304 to a matching If-None-Match and changes the ETag when toggles change', async () => {
    const first = await get('api/client/features', CLIENT);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await get('api/client/features', CLIENT, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await server.call('POST', 'api/admin/features/demo.off/toggle/on', {
      cookie: admin,
      contentType: 'application/json',
    });
    const changed = await get('api/client/features', CLIENT, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('serves one toggle, 404 for unknown, archived or out-of-scope ones', async () => {
    const one = await get('api/client/features/demo.toggle', CLIENT);
    expect(Object.keys(one.body).sort()).toEqual(CLIENT_FEATURE);
    const missing = await get('api/client/features/does.not.exist', CLIENT);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find feature toggle does.not.exist',
    });
    expect((await get('api/client/features/gone', CLIENT)).status).toBe(404);
    expect((await get('api/client/features/other.toggle', DEV)).status).toBe(404);
  });

  it('needs an API token', async () => {
    expect((await server.call('GET', 'api/client/features')).status).toBe(401);
    expect((await server.call('GET', 'api/client/features', { token: 'nope' })).status).toBe(401);
    expect((await server.call('GET', 'api/client/features', { cookie: admin })).status).toBe(403);
  });

  it('serves the index', async () => {
    const index = await get('api/client/', CLIENT);
    expect(index.body).toEqual({
      version: 3,
      links: {
        'feature-toggles': { uri: '/api/client/features' },
        register: { uri: '/api/client/register' },
        metrics: { uri: '/api/client/metrics' },
      },
    });
  });
});

describe('register and metrics', () => {
  const registration = {
    appName: 'catalog-app',
    instanceId: 'instance-1',
    sdkVersion: 'unleash-client-node:3.10.0',
    strategies: ['default', 'flexibleRollout'],
    started: '2026-11-21T05:29:23.543Z',
    interval: 10000,
  };

  it('registers an application (202) and validates the body', async () => {
    const response = await server.call('POST', 'api/client/register', { token: CLIENT, body: registration });
    expect(response.status).toBe(202);
    expect(response.text).toBe('');
    await server.call('POST', 'api/client/register', { token: DEV, body: registration });
    expect(await server.sql(`select app_name, strategies from client_applications`)).toEqual([
      { app_name: 'catalog-app', strategies: ['default', 'flexibleRollout'] },
    ]);
    const instances = await server.sql(`select environment, sdk_version from client_instances order by environment`);
    expect(instances).toEqual([
      { environment: 'default', sdk_version: 'unleash-client-node:3.10.0' },
      { environment: 'development', sdk_version: 'unleash-client-node:3.10.0' },
    ]);
    const invalid = await server.call('POST', 'api/client/register', { token: CLIENT, body: { instanceId: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ isJoi: true });
    expect(invalid.body.details.map((d: { path: string[] }) => d.path[0])).toContain('appName');
  });

  it('adds yes/no counts per hour and updates lastSeenAt', async () => {
    const bucket = (yes: number, no: number) => ({
      appName: 'catalog-app',
      instanceId: 'instance-1',
      bucket: {
        start: '2026-11-21T05:28:23.549Z',
        stop: '2026-11-21T05:29:23.549Z',
        toggles: { 'demo.toggle': { yes, no, variants: { blue: 1 } }, 'unknown.toggle': { yes: 0, no: 0 } },
      },
    });
    expect((await server.call('POST', 'api/client/metrics', { token: CLIENT, body: bucket(42, 8) })).status).toBe(202);
    expect((await server.call('POST', 'api/client/metrics', { token: CLIENT, body: bucket(1, 2) })).status).toBe(202);
    const rows = await server.sql(
      `select feature_name, environment, yes, no, hour from client_metrics_hourly where feature_name = 'demo.toggle'`,
    );
    expect(rows).toEqual([
      { feature_name: 'demo.toggle', environment: 'default', yes: 43, no: 10, hour: expect.anything() },
    ]);
    expect(new Date(rows[0].hour as string).toISOString()).toBe('2026-11-21T05:00:00.000Z');
    const toggle = await server.call('GET', 'api/admin/features/demo.toggle', { cookie: admin });
    expect(toggle.body.lastSeenAt).toBe('2026-11-21T05:29:23.549Z');
    expect((await server.call('GET', 'api/admin/features/demo.off', { cookie: admin })).body.lastSeenAt).toBeNull();

    const invalid = await server.call('POST', 'api/client/metrics', { token: CLIENT, body: { appName: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((d: { path: string[] }) => d.path[0])).toContain('instanceId');
    const negative = await server.call('POST', 'api/client/metrics', { token: CLIENT, body: bucket(-1, 0) });
    expect(negative.status).toBe(400);
  });
});
