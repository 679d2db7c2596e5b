// GET api/admin/features is served from the toggles kept per revision (classic-list.ts): after every change through
// the admin API, and after SDKs' metrics (no revision), its answer is what a full read of the database gives, for
// each reader (their pins), in one process and in two on one PostgreSQL; while nothing changes it reads no toggles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, type TestUser } from '../../test-support/harness.ts';
import { startSecondProcess, type SecondProcess } from '../../test-support/second-process.ts';
import { classicListOf } from './classic-list.ts';
import { classicList } from './read-model.ts';

const CLIENT = '*:default.classic-list-client-abcdefghij';
const P = 'api/admin/projects/default/features';
const onPostgres = process.env.TEST_DB === 'postgres';

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; text: string }>;

/** Changes to what the classic list shows, in order (each starts where the previous one left off). */
const changes: Array<[string, (call: Call) => ReturnType<Call>]> = [
  ['update', (call) => call('PUT', 'api/admin/features/list.one', { name: 'list.one', description: 'described' })],
  ['enable', (call) => call('POST', 'api/admin/features/list.one/toggle/on')],
  [
    'add a strategy',
    (call) => call('POST', `${P}/list.one/environments/default/strategies`, { name: 'default', parameters: {} }),
  ],
  ['mark stale', (call) => call('PATCH', `${P}/list.one`, [{ op: 'replace', path: '/stale', value: true }])],
  ['archive', (call) => call('DELETE', 'api/admin/features/list.two')],
  ['revive', (call) => call('POST', 'api/admin/archive/revive/list.two')],
  // Last: a toggle the kept list lacks makes a full read (so it would hide a stale list in the changes after it).
  ['create', (call) => call('POST', 'api/admin/features', { name: 'list.created', description: 'new' })],
];

describe('GET api/admin/features (one process)', () => {
  let server: TestServer;
  let admin: string;
  let viewer: TestUser;
  const list = async (cookie = admin) => (await server.call('GET', 'api/admin/features', { cookie })).body.features;
  /** What a full read of the database answers for that reader. */
  const fullRead = (reader: number | undefined) => classicList(server.db, {}, reader);
  const adminId = async () => (await server.call('GET', 'api/admin/user', { cookie: admin })).body.user.id;

  beforeAll(async () => {
    server = await startServer({ INIT_CLIENT_API_TOKENS: CLIENT });
    admin = await server.adminCookie();
    viewer = await server.createUser('Viewer');
    for (const name of ['list.one', 'list.two'])
      expect((await server.call('POST', 'api/admin/features', { cookie: admin, body: { name } })).status).toBe(201);
  });
  afterAll(() => server?.close());

  for (const [what, change] of changes) {
    it(`answers what the database holds after: ${what}`, async () => {
      await list();
      const response = await change((method, path, body) => server.call(method, path, { cookie: admin, body }));
      expect(response.status, response.text).toBeLessThan(300);
      expect(await list()).toEqual(JSON.parse(JSON.stringify(await fullRead(await adminId()))));
    });
  }

  it('reads no toggles while nothing changes', async () => {
    await list();
    const reads = classicListOf(server.app.revisions, server.db).reads;
    await list();
    await list(viewer.cookie);
    expect(classicListOf(server.app.revisions, server.db).reads).toBe(reads);
  });

  it("shows when SDKs last saw a toggle (their metrics change no revision), and each reader's own pins", async () => {
    const revision = server.app.revisions.current;
    const now = new Date();
    const metrics = await server.call('POST', 'api/client/metrics', {
      token: CLIENT,
      body: {
        appName: 'list-app',
        instanceId: 'i-1',
        bucket: {
          start: new Date(now.getTime() - 60_000).toISOString(),
          stop: now.toISOString(),
          toggles: { 'list.one': { yes: 1, no: 0 } },
        },
      },
    });
    expect(metrics.status).toBe(202);
    expect(server.app.revisions.current).toBe(revision);
    const seen = (await list()).find((f: { name: string }) => f.name === 'list.one');
    expect(seen.lastSeenAt).not.toBeNull();

    const pinned = await server.call('POST', `${P}/list.two/favorites`, { cookie: viewer.cookie });
    expect(pinned.status).toBe(200);
    const pins = (features: Array<{ name: string; favorite: boolean }>) =>
      features.filter((f) => f.favorite).map((f) => f.name);
    expect(pins(await list(viewer.cookie))).toEqual(['list.two']);
    expect(pins(await list())).toEqual([]);
    expect(await list(viewer.cookie)).toEqual(JSON.parse(JSON.stringify(await fullRead(viewer.id))));
  });
});

describe.runIf(onPostgres)('GET api/admin/features in another process on the same PostgreSQL', () => {
  let server: TestServer;
  let other: SecondProcess;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    server = await startServer();
    admin = await server.adminCookie();
    adminId = (await server.call('GET', 'api/admin/user', { cookie: admin })).body.user.id;
    for (const name of ['list.one', 'list.two'])
      expect((await server.call('POST', 'api/admin/features', { cookie: admin, body: { name } })).status).toBe(201);
    other = await startSecondProcess(server);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  const otherList = async () =>
    (await (await fetch(`${other.url}/api/admin/features`, { headers: { cookie: admin } })).json()).features;

  for (const [what, change] of changes) {
    it(`answers what the database holds within 5 s after: ${what}`, async () => {
      await otherList();
      const response = await change((method, path, body) => server.call(method, path, { cookie: admin, body }));
      expect(response.status, response.text).toBeLessThan(300);
      const expected = JSON.parse(JSON.stringify(await classicList(server.db, {}, adminId)));
      await expect.poll(otherList, { timeout: 5000, interval: 20 }).toEqual(expected);
    });
  }
});
