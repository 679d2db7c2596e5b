import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { FeatureSyncPageSchema, type FeatureSyncPage } from '../../../contract/sync.ts';
import { appendEvent } from '../../platform/events/store.ts';
import { admin, server, useServer } from '../../test-support/fixture.ts';

const call = (method: string, path: string, body?: unknown) =>
  server.call(method, path, { cookie: admin, body, contentType: 'application/json' });
const SYNC = 'api/admin/sync/features';
const names = (page: { features: Array<{ name: string }> }) => page.features.map((f) => f.name);

/** One page, checked against its schema. */
async function page(query: Record<string, string | number | undefined> = {}): Promise<FeatureSyncPage> {
  const params = Object.entries(query).filter(([, value]) => value !== undefined);
  const search = new URLSearchParams(params.map(([key, value]) => [key, String(value)]));
  const response = await call('GET', `${SYNC}?${search}`);
  expect(response.status, response.text).toBe(200);
  expect(Value.Check(FeatureSyncPageSchema, response.body), response.text).toBe(true);
  return response.body;
}

/** Every page from the start, as the console reads them: the first page's revision and deleted, every toggle. */
async function syncAll(query: { since?: number; limit?: number } = {}) {
  const pages: FeatureSyncPage[] = [];
  let after: string | undefined;
  do {
    const next = await page({ ...query, after });
    if (after !== undefined) expect(next.deleted).toEqual([]);
    pages.push(next);
    after = next.next ?? undefined;
  } while (after !== undefined);
  return { pages, revision: pages[0].revision, deleted: pages[0].deleted, features: pages.flatMap((p) => p.features) };
}

/** The live toggles' names, in the server's order (the classic list's). */
const liveNames = async () =>
  ((await call('GET', 'api/admin/features')).body.features as Array<{ name: string }>).map((f) => f.name);

async function create(name: string, project = 'default', body: object = {}) {
  const path = project === 'default' ? 'api/admin/features' : `api/admin/projects/${project}/features`;
  const created = await call('POST', path, { name, ...body });
  expect(created.status, created.text).toBe(201);
}

useServer();
beforeAll(async () => {
  // A new project gets every enabled environment: default, development and production.
  expect((await call('POST', 'api/admin/projects', { id: 'web', name: 'Web' })).status).toBe(201);
  for (const letter of 'abcdefghijk') {
    await create(`sync-${letter}`, 'default', {
      enabled: letter < 'f',
      strategies: [{ name: 'userWithId', parameters: { userIds: letter } }],
    });
  }
  for (const letter of 'lmno') await create(`sync-${letter}`, 'web');
  const variants = [{ name: 'blue' }, { name: 'green' }];
  expect((await call('PUT', 'api/admin/projects/web/features/sync-l/variants', variants)).status).toBe(200);
  const strategy = await call('POST', 'api/admin/projects/web/features/sync-m/environments/production/strategies', {
    name: 'flexibleRollout',
    parameters: { rollout: '25', stickiness: 'default', groupId: 'sync-m' },
    constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
  });
  expect(strategy.status, strategy.text).toBe(200);
  for (const archived of ['sync-x', 'sync-y', 'sync-z']) {
    await create(archived);
    expect((await call('DELETE', `api/admin/features/${archived}`)).status).toBe(200);
  }
});

describe('GET api/admin/sync/features', () => {
  it('lists every live toggle exactly once, in name-keyed pages, each as the project API shows it', async () => {
    const live = await liveNames();
    expect(live).toHaveLength(15);
    for (const limit of [1, 4, 5, 15, 500]) {
      const all = await syncAll({ limit });
      expect(names(all), `limit ${limit}`).toEqual(live);
      expect(all.pages).toHaveLength(Math.max(1, Math.ceil(live.length / limit)));
      expect(all.pages.every((p) => p.features.length <= limit)).toBe(true);
      expect(all.deleted).toEqual([]);
    }
    const whole = await page();
    expect(whole.next).toBeNull();
    for (const feature of whole.features) {
      const one = await call('GET', `api/admin/projects/${feature.project}/features/${feature.name}`);
      expect(feature, feature.name).toEqual(one.body);
    }
    const m = whole.features.find((f) => f.name === 'sync-m')!;
    const rollout = m.environments.find((e) => e.name === 'production')?.strategies.at(-1);
    expect(rollout).toMatchObject({ name: 'flexibleRollout', constraints: [{ contextName: 'appName' }] });
    expect(whole.features.find((f) => f.name === 'sync-l')?.variants).toHaveLength(2);
  });

  it('with since: only the toggles changed since, and on the first page those deleted or archived since', async () => {
    const { revision } = await page();
    expect((await call('POST', 'api/admin/features/sync-a/toggle/off')).status).toBe(200);
    expect(
      (
        await call('POST', 'api/admin/projects/web/features/sync-n/environments/development/strategies', {
          name: 'default',
        })
      ).status,
    ).toBe(200);
    expect((await call('DELETE', 'api/admin/features/sync-b')).status).toBe(200); // archived
    expect((await call('DELETE', 'api/admin/archive/sync-x')).status).toBe(200); // archived before, deleted now
    expect((await call('POST', 'api/admin/archive/revive/sync-y')).status).toBe(200);
    await create('sync-new');
    await create('sync-brief');
    expect((await call('DELETE', 'api/admin/features/sync-brief')).status).toBe(200);

    for (const limit of [1, 2, 500]) {
      const changed = await syncAll({ since: revision, limit });
      expect(names(changed), `limit ${limit}`).toEqual(['sync-a', 'sync-n', 'sync-new', 'sync-y']);
      expect(changed.deleted).toEqual(['sync-b', 'sync-brief', 'sync-x']);
      expect(changed.revision).toBeGreaterThan(revision);
      const a = changed.features.find((f) => f.name === 'sync-a')!;
      expect(a.environments.find((e) => e.name === 'default')?.enabled).toBe(false);
    }
    const current = (await page({ since: revision })).revision;
    expect(await page({ since: current })).toEqual({
      version: 1,
      revision: current,
      features: [],
      deleted: [],
      next: null,
    });
  });

  it("with since: lists the toggles whose environments an environment or a project's environments changed", async () => {
    const first = (await page()).revision;
    const created = await call('POST', 'api/admin/environments', { name: 'sync-env', type: 'development' });
    expect(created.status, created.text).toBe(201);
    expect(await page({ since: first })).toMatchObject({ features: [], deleted: [] });
    expect((await call('POST', 'api/admin/projects/web/environments', { environment: 'sync-env' })).status).toBe(200);
    const web = await page({ since: first });
    expect(names(web)).toEqual(['sync-l', 'sync-m', 'sync-n', 'sync-o']);
    expect(web.features[0].environments.map((e) => e.name)).toContain('sync-env');

    const second = web.revision;
    expect((await call('PUT', 'api/admin/environments/sort-order', { 'sync-env': -1 })).status).toBe(200);
    const every = await syncAll({ since: second, limit: 7 });
    expect(names(every)).toEqual(await liveNames());
    expect(every.features.find((f) => f.name === 'sync-l')?.environments[0]).toMatchObject({ name: 'sync-env' });
  });

  it('lists every toggle for a since newer than every event (a mirror of another database)', async () => {
    const { revision } = await page();
    const all = await page({ since: revision + 1000 });
    expect(names(all)).toEqual(await liveNames());
    expect(all.revision).toBe(revision);
  });

  it('needs a signed-in user, as reading toggles does; any may read', async () => {
    const signedOut = await server.call('GET', SYNC);
    expect(signedOut.status).toBe(401);
    const viewer = await server.createUser('Viewer');
    const read = await server.call('GET', `${SYNC}?limit=2`, { cookie: viewer.cookie });
    expect(read.status).toBe(200);
    expect(read.body.features).toHaveLength(2);
  });

  it('refuses malformed queries with a 400 naming the parameter', async () => {
    for (const query of ['limit=0', 'limit=1001', 'limit=ten', 'since=-1', 'since=x', `after=${'a'.repeat(201)}`]) {
      const refused = await call('GET', `${SYNC}?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.name, query).toBe('ValidationError');
      expect(refused.text, query).toContain(query.split('=')[0]);
    }
  });

  // A lower event id committing after a higher one: only PostgreSQL runs two transactions at once (PGlite queues
  // them, so the held transaction would block the write below).
  it.runIf(process.env.TEST_DB === 'postgres')(
    'waits for an event still being committed before answering a revision past it; too long, an older one',
    async () => {
      const { revision } = await page();
      let release!: () => void;
      let appended!: () => void;
      const isAppended = new Promise<void>((resolve) => (appended = resolve));
      const held = server.db.transaction(async (tx) => {
        await appendEvent(tx, { type: 'feature-updated', createdBy: 'test', featureName: 'sync-c' });
        appended();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isAppended;
      // A later change commits first, with a higher event id.
      expect((await call('POST', 'api/admin/features/sync-d/toggle/on')).status).toBe(200);

      // Held longer than the lock wait: the revision asked for comes back, so nothing is skipped next time.
      const fallback = await page({ since: revision });
      expect(fallback.revision).toBe(revision);
      expect(names(fallback)).toEqual(['sync-d']);

      let answered = false;
      const waiting = page({ since: revision }).then((answer) => {
        answered = true;
        return answer;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
      release();
      await held;
      const after = await waiting;
      expect(names(after)).toEqual(['sync-c', 'sync-d']);
      expect(after.revision).toBeGreaterThan(revision);
      expect(names(await page({ since: after.revision }))).toEqual([]);
    },
  );
});
