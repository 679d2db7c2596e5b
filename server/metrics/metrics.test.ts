import { beforeAll, describe, expect, it } from 'vitest';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';
import { hoursWindow } from './rules.ts';
import { expectError, expectInvalid } from '../test-support/answers.ts';
import { GRADUAL_ROLLOUT } from '../test-support/built-in-strategies.ts';

// Key sets of Unleash 4.2.2's answers (reference catalog records 134, 135, 171, 172).
const APP = ['appName', 'color', 'createdAt', 'createdBy', 'description', 'icon', 'strategies', 'updatedAt', 'url'];
const APP_DETAIL = [
  'appName',
  'color',
  'createdAt',
  'description',
  'icon',
  'instances',
  'links',
  'seenToggles',
  'strategies',
  'url',
];
const INSTANCE = ['appName', 'clientIp', 'createdAt', 'environment', 'instanceId', 'lastSeen', 'sdkVersion'];
const SEEN_TOGGLES = ['appName', 'metricsCount', 'seenToggles'];
const SEEN_TOGGLE = ['createdAt', 'description', 'lastSeenAt', 'name', 'project', 'stale', 'type'];
// Unleash's metrics v2 shapes (catalog 138, 139; keys of the rows as Unleash 4.3+ fills them).
const USAGE = ['environment', 'no', 'timestamp', 'yes'];
const RAW = ['appName', 'environment', 'featureName', 'no', 'timestamp', 'yes'];
// The two definitions of catalog record 135, as Unleash 4.2.2 answered them.
const CATALOG_STRATEGIES = [
  {
    displayName: 'Standard',
    name: 'default',
    editable: false,
    description: 'The standard strategy is strictly on / off for your entire userbase.',
    parameters: [],
    deprecated: false,
  },
  GRADUAL_ROLLOUT,
];

const CLIENT = '*:default.client-secret-abcdefghij';
const DEV = 'default:development.dev-secret-abcdefghij';
const HOUR = 60 * 60 * 1000;
const keys = (o: object) => Object.keys(o).sort();
const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR) * HOUR).toISOString();

const get = (path: string, cookie = admin) => server.call('GET', path, { cookie });
const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });
const applicationEvents = async () =>
  server.sql(`select type, created_by, data, pre_data from events where type like 'application-%' order by id`);

// What an SDK sends (catalog 125 and 127), with the bucket ending now.
const registration = (appName: string, instanceId: string, strategies: string[]) => ({
  appName,
  instanceId,
  sdkVersion: 'unleash-client-node:3.10.0',
  strategies,
  started: new Date().toISOString(),
  interval: 10000,
});
const report = (
  appName: string,
  stop: Date,
  toggles: Record<string, { yes: number; no: number; variants?: object }>,
) => ({
  appName,
  instanceId: 'instance-1',
  bucket: { start: new Date(stop.getTime() - 60_000).toISOString(), stop: stop.toISOString(), toggles },
});
const now = new Date();

useServer({ env: { INIT_CLIENT_API_TOKENS: `${CLIENT},${DEV}` }, users: true });
beforeAll(async () => {
  for (const name of ['demo.toggle', 'proj.toggle'])
    expect((await call('POST', 'api/admin/features', { name })).status).toBe(201);
});

describe('the hour window', () => {
  it('takes the hourly buckets that overlap the last 60 minutes: the current clock hour and the one before', () => {
    const at = new Date('2026-11-21T07:18:11.000Z');
    expect(hoursWindow(1, at)).toEqual({ since: new Date('2026-11-21T06:00:00.000Z'), until: at });
    expect(hoursWindow(24, at).since).toEqual(new Date('2026-11-20T07:00:00.000Z'));
    expect(hoursWindow(1, new Date('2026-11-21T07:00:00.000Z')).since).toEqual(new Date('2026-11-21T06:00:00.000Z'));
  });
});

describe('before any SDK reported (catalog 130–134, 138, 139)', () => {
  it('answers empty metrics, the same for a toggle nobody reported', async () => {
    expect((await get('api/admin/metrics/feature-toggles', viewer)).body).toEqual({ lastHour: {}, lastMinute: {} });
    expect((await get('api/admin/metrics/feature-toggles/demo.toggle', viewer)).body).toEqual({
      lastHour: {},
      lastMinute: {},
    });
    expect((await get('api/admin/metrics/seen-toggles', viewer)).body).toEqual([]);
    expect((await get('api/admin/metrics/seen-apps', viewer)).body).toEqual({});
    expect((await get('api/admin/metrics/applications', viewer)).body).toEqual({ applications: [] });
    const usage = await get('api/admin/client-metrics/features/demo.toggle', viewer);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      version: 1,
      maturity: 'stable',
      featureName: 'demo.toggle',
      lastHourUsage: [],
      seenApplications: [],
    });
    expect((await get('api/admin/client-metrics/features/demo.toggle/raw', viewer)).body).toEqual({
      version: 1,
      maturity: 'stable',
      data: [],
    });
  });
});

describe('applications registered through the client API', () => {
  beforeAll(async () => {
    const registered = await server.call('POST', 'api/client/register', {
      token: CLIENT,
      body: registration('catalog-app', 'instance-1', ['default', 'flexibleRollout']),
    });
    expect(registered.status).toBe(202);
    await server.call('POST', 'api/client/register', {
      token: DEV,
      body: registration('catalog-app', 'instance-1', ['default', 'flexibleRollout']),
    });
    await server.call('POST', 'api/client/register', {
      token: CLIENT,
      body: registration('other-app', 'pod-7', ['default', 'custom-x']),
    });
  });

  it('lists them by name with the catalog keys, filtered by strategy name', async () => {
    const list = await get('api/admin/metrics/applications', viewer);
    expect(list.status).toBe(200);
    expect(keys(list.body)).toEqual(['applications']);
    expect(list.body.applications.map((a: { appName: string }) => a.appName)).toEqual(['catalog-app', 'other-app']);
    for (const a of list.body.applications) expect(keys(a)).toEqual(APP);
    expect(list.body.applications[0]).toMatchObject({
      appName: 'catalog-app',
      description: null,
      strategies: ['default', 'flexibleRollout'],
      createdBy: '127.0.0.1',
      url: null,
      color: null,
      icon: null,
    });
    expect(new Date(list.body.applications[0].createdAt).toISOString()).toBe(list.body.applications[0].createdAt);
    const flexible = await get('api/admin/metrics/applications?strategyName=flexibleRollout');
    expect(flexible.body.applications.map((a: { appName: string }) => a.appName)).toEqual(['catalog-app']);
    expect((await get('api/admin/metrics/applications?strategyName=default')).body.applications).toHaveLength(2);
    expect((await get('api/admin/metrics/applications?strategyName=nope')).body).toEqual({ applications: [] });
  });

  it('shows one with full strategy definitions and its instances (catalog 135)', async () => {
    const one = await get('api/admin/metrics/applications/catalog-app', viewer);
    expect(one.status).toBe(200);
    expect(keys(one.body)).toEqual(APP_DETAIL);
    expect(one.body.strategies).toEqual(CATALOG_STRATEGIES);
    expect(one.body.seenToggles).toEqual([]);
    expect(one.body.links).toEqual({ self: '/api/admin/metrics/applications/catalog-app' });
    for (const i of one.body.instances) expect(keys(i)).toEqual(INSTANCE);
    expect(one.body.instances.map((i: { environment: string }) => i.environment).sort()).toEqual([
      'default',
      'development',
    ]);
    expect(one.body.instances[0]).toMatchObject({
      appName: 'catalog-app',
      instanceId: 'instance-1',
      sdkVersion: 'unleash-client-node:3.10.0',
      clientIp: '127.0.0.1',
    });
    const other = await get('api/admin/metrics/applications/other-app');
    expect(other.body.strategies[1]).toEqual({ name: 'custom-x', notFound: true });
  });

  it('lists only the instances seen in the last two days (Unleash 4 deletes older ones)', async () => {
    await server.call('POST', 'api/client/register', {
      token: CLIENT,
      body: registration('catalog-app', 'instance-gone', ['default']),
    });
    const ids = async () =>
      (await get('api/admin/metrics/applications/catalog-app')).body.instances.map(
        (i: { instanceId: string }) => i.instanceId,
      );
    expect(await ids()).toContain('instance-gone');
    // Time cannot pass through the API: the instance is made three days old.
    await server.sql(
      `update client_instances set last_seen = now() - interval '3 days' where instance_id = 'instance-gone'`,
    );
    expect(await ids()).toEqual(['instance-1', 'instance-1']);
  });

  it('answers 404 for an unknown application (catalog 136)', async () => {
    const missing = await get('api/admin/metrics/applications/nope', viewer);
    expectError(missing, 404, 'NotFoundError', 'Could not find appName=nope', { isJoi: true });
  });
});

describe('after SDKs reported metrics (catalog 169–173)', () => {
  const old = new Date(now.getTime() - 3 * HOUR);
  beforeAll(async () => {
    const post = async (token: string, body: unknown) =>
      expect((await server.call('POST', 'api/client/metrics', { token, body })).status).toBe(202);
    await post(
      CLIENT,
      report('catalog-app', now, {
        'demo.toggle': { yes: 42, no: 8, variants: { blue: 20, green: 22 } },
        'proj.toggle': { yes: 1, no: 2 },
      }),
    );
    await post(DEV, report('catalog-app', now, { 'demo.toggle': { yes: 5, no: 5 } }));
    await post(
      CLIENT,
      report('other-app', now, { 'demo.toggle': { yes: 0, no: 0 }, 'unknown.toggle': { yes: 3, no: 0 } }),
    );
    await post(CLIENT, report('catalog-app', old, { 'demo.toggle': { yes: 1000, no: 0 } }));
  });

  it('sums the last hour per toggle; lastMinute stays empty (counts are kept per hour)', async () => {
    const all = await get('api/admin/metrics/feature-toggles', viewer);
    expect(all.body).toEqual({
      lastHour: {
        'demo.toggle': { yes: 47, no: 13 },
        'proj.toggle': { yes: 1, no: 2 },
        'unknown.toggle': { yes: 3, no: 0 },
      },
      lastMinute: {},
    });
    expect((await get('api/admin/metrics/feature-toggles/demo.toggle')).body).toEqual({
      lastHour: { yes: 47, no: 13 },
      lastMinute: {},
    });
    expect((await get('api/admin/metrics/feature-toggles/nope')).body).toEqual({ lastHour: {}, lastMinute: {} });
  });

  it('lists the toggles each application used, with its count', async () => {
    const seen = await get('api/admin/metrics/seen-toggles', viewer);
    for (const entry of seen.body) expect(keys(entry)).toEqual(SEEN_TOGGLES);
    expect(seen.body).toEqual([
      { appName: 'catalog-app', seenToggles: ['demo.toggle', 'proj.toggle'], metricsCount: 63 },
      { appName: 'other-app', seenToggles: ['unknown.toggle'], metricsCount: 3 },
    ]);
  });

  it("gives an application's seen toggles as Unleash 4's toggle rows, an unknown one as not found", async () => {
    const seen = (await get('api/admin/metrics/applications/catalog-app', viewer)).body.seenToggles;
    expect(seen.map((t: { name: string }) => t.name)).toEqual(['demo.toggle', 'proj.toggle']);
    for (const t of seen) expect(keys(t)).toEqual(SEEN_TOGGLE);
    expect(seen[0]).toMatchObject({ name: 'demo.toggle', project: 'default', type: 'release', stale: false });
    expect((await get('api/admin/metrics/applications/other-app')).body.seenToggles).toEqual([
      { name: 'unknown.toggle', notFound: true },
    ]);
  });

  it('lists the applications that used each toggle, as application rows', async () => {
    const apps = await get('api/admin/metrics/seen-apps', viewer);
    expect(Object.keys(apps.body)).toEqual(['demo.toggle', 'proj.toggle', 'unknown.toggle']);
    for (const list of Object.values(apps.body) as object[][]) for (const a of list) expect(keys(a)).toEqual(APP);
    expect(apps.body['demo.toggle'].map((a: { appName: string }) => a.appName)).toEqual(['catalog-app']);
    expect(apps.body['unknown.toggle'][0]).toMatchObject({ appName: 'other-app', strategies: ['default', 'custom-x'] });
  });

  it('summarises one toggle per environment with the applications that used it', async () => {
    const usage = await get('api/admin/client-metrics/features/demo.toggle', viewer);
    expect(keys(usage.body)).toEqual(['featureName', 'lastHourUsage', 'maturity', 'seenApplications', 'version']);
    for (const u of usage.body.lastHourUsage) expect(keys(u)).toEqual(USAGE);
    const timestamp = hourOf(new Date(now.getTime() - 60_000));
    expect(usage.body).toEqual({
      version: 1,
      maturity: 'stable',
      featureName: 'demo.toggle',
      lastHourUsage: [
        { environment: 'default', timestamp, yes: 42, no: 8 },
        { environment: 'development', timestamp, yes: 5, no: 5 },
      ],
      seenApplications: ['catalog-app'],
    });
    const unknown = await get('api/admin/client-metrics/features/unknown.toggle');
    expect(unknown.body.seenApplications).toEqual(['other-app']);
  });

  it('gives the raw hourly rows of the last 24 hours, oldest first', async () => {
    const raw = await get('api/admin/client-metrics/features/demo.toggle/raw', viewer);
    expect(keys(raw.body)).toEqual(['data', 'maturity', 'version']);
    for (const row of raw.body.data) expect(keys(row)).toEqual(RAW);
    expect(raw.body.data).toEqual([
      {
        featureName: 'demo.toggle',
        appName: 'catalog-app',
        environment: 'default',
        timestamp: hourOf(new Date(old.getTime() - 60_000)),
        yes: 1000,
        no: 0,
      },
      {
        featureName: 'demo.toggle',
        appName: 'catalog-app',
        environment: 'default',
        timestamp: hourOf(new Date(now.getTime() - 60_000)),
        yes: 42,
        no: 8,
      },
      {
        featureName: 'demo.toggle',
        appName: 'catalog-app',
        environment: 'development',
        timestamp: hourOf(new Date(now.getTime() - 60_000)),
        yes: 5,
        no: 5,
      },
    ]);
  });
});

describe('changing an application', () => {
  it('stores the metadata sent (catalog 137: 202, empty) with an event; the other fields stay', async () => {
    const before = (await get('api/admin/metrics/applications')).body.applications[0];
    const updated = await call('POST', 'api/admin/metrics/applications/catalog-app', {
      appName: 'catalog-app',
      description: 'updated',
      color: '#fff',
    });
    expect(updated.status).toBe(202);
    expect(updated.text).toBe('');
    expect(
      (await call('POST', 'api/admin/metrics/applications/catalog-app', { url: 'https://example.com/app' }, editor))
        .status,
    ).toBe(202);
    const one = (await get('api/admin/metrics/applications/catalog-app')).body;
    expect(one).toMatchObject({ description: 'updated', color: '#fff', url: 'https://example.com/app', icon: null });
    const after = (await get('api/admin/metrics/seen-apps')).body['demo.toggle'][0];
    expect(after).toMatchObject({ description: 'updated', color: '#fff', createdAt: before.createdAt });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    const events = await applicationEvents();
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      type: 'application-updated',
      created_by: 'admin',
      data: { appName: 'catalog-app', description: 'updated', color: '#fff', url: null },
      pre_data: { appName: 'catalog-app', description: null, color: null },
    });
    expect(events[1]).toMatchObject({
      data: { url: 'https://example.com/app', description: 'updated' },
      pre_data: { url: null },
    });
  });

  it('refuses bad bodies and unknown applications, changing nothing', async () => {
    const empty = await call('POST', 'api/admin/metrics/applications/catalog-app', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      name: 'ValidationError',
      isJoi: true,
      message: '"value" must contain at least one of [description, url, color, icon]',
    });
    const url = await call('POST', 'api/admin/metrics/applications/catalog-app', { url: 'javascript:alert(1)' });
    expectInvalid(url, ['url'], '"url" must be a valid uri with a scheme matching the https? pattern');
    const renamed = await call('POST', 'api/admin/metrics/applications/catalog-app', {
      appName: 'other',
      description: 'x',
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.details[0].path).toEqual(['appName']);
    expect((await call('POST', 'api/admin/metrics/applications/catalog-app', { color: { hex: '#fff' } })).status).toBe(
      400,
    );
    const missing = await call('POST', 'api/admin/metrics/applications/nope', { description: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Could not find appName=nope');
    expect((await get('api/admin/metrics/applications/catalog-app')).body).toMatchObject({
      description: 'updated',
      url: 'https://example.com/app',
    });
    expect(await applicationEvents()).toHaveLength(2);
  });

  it('refuses a Viewer with 403 on the writes', async () => {
    const refusals = [
      await call('POST', 'api/admin/metrics/applications/catalog-app', { description: 'viewer' }, viewer),
      await call('DELETE', 'api/admin/metrics/applications/catalog-app', undefined, viewer),
    ];
    expect(refusals.map((r) => [r.status, r.body.name, r.body.permission])).toEqual([
      [403, 'NoAccessError', 'UPDATE_APPLICATION'],
      [403, 'NoAccessError', 'UPDATE_APPLICATION'],
    ]);
    expect((await get('api/admin/metrics/applications/catalog-app')).body.description).toBe('updated');
    expect(await applicationEvents()).toHaveLength(2);
  });

  it('deletes an application and its instances (200, empty) with an event; its usage stays', async () => {
    expect((await call('DELETE', 'api/admin/metrics/applications/nope')).status).toBe(404);
    const deleted = await call('DELETE', 'api/admin/metrics/applications/other-app', undefined, editor);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await get('api/admin/metrics/applications/other-app')).status).toBe(404);
    expect(
      (await get('api/admin/metrics/applications')).body.applications.map((a: { appName: string }) => a.appName),
    ).toEqual(['catalog-app']);
    expect(await server.sql(`select count(*)::int as n from client_instances where app_name = 'other-app'`)).toEqual([
      { n: 0 },
    ]);
    expect((await get('api/admin/metrics/seen-apps')).body['unknown.toggle']).toBeUndefined();
    expect((await get('api/admin/metrics/seen-toggles')).body.map((s: { appName: string }) => s.appName)).toEqual([
      'catalog-app',
      'other-app',
    ]);
    const events = await applicationEvents();
    expect(events.at(-1)).toMatchObject({
      type: 'application-deleted',
      data: { appName: 'other-app' },
      pre_data: { appName: 'other-app', strategies: ['default', 'custom-x'] },
    });
    expect((await call('DELETE', 'api/admin/metrics/applications/other-app')).status).toBe(404);
    expect(await applicationEvents()).toHaveLength(3);
  });
});

describe('access', () => {
  it('needs a session or an admin token', async () => {
    expect((await server.call('GET', 'api/admin/metrics/feature-toggles')).status).toBe(401);
    expect((await server.call('GET', 'api/admin/metrics/applications', { token: CLIENT })).status).toBe(403);
    expect(
      (await server.call('POST', 'api/admin/metrics/applications/catalog-app', { token: CLIENT, body: { icon: 'x' } }))
        .status,
    ).toBe(403);
  });
});

describe('an application that used many toggles', () => {
  it('names each of them, the live ones as toggle rows, with a few reads whatever their number', async () => {
    const names = Array.from({ length: 6000 }, (_, i) => `gone.${String(i).padStart(4, '0')}`);
    const toggles = Object.fromEntries([...names, 'demo.toggle'].map((name) => [name, { yes: 1, no: 0 }]));
    expect(
      (await server.call('POST', 'api/client/register', { token: CLIENT, body: registration('big-app', 'i', []) }))
        .status,
    ).toBe(202);
    expect(
      (await server.call('POST', 'api/client/metrics', { token: CLIENT, body: report('big-app', now, toggles) }))
        .status,
    ).toBe(202);
    const seen = (await get('api/admin/metrics/applications/big-app')).body.seenToggles;
    expect(seen).toHaveLength(6001);
    expect(seen[0]).toMatchObject({ name: 'demo.toggle', project: 'default' });
    expect(seen.slice(1)).toEqual(names.map((name) => ({ name, notFound: true })));
  });

  it('lists an archived toggle as not found', async () => {
    expect((await call('DELETE', 'api/admin/features/demo.toggle')).status).toBe(200);
    const seen = (await get('api/admin/metrics/applications/big-app')).body.seenToggles;
    expect(seen[0]).toEqual({ name: 'demo.toggle', notFound: true });
  });
});
