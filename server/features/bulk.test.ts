// Many toggles of a project at once (Unleash 5's bulk calls): each is all or none, changes every toggle named through
// the toggle rule (a new version and its events for each one changed, the change-request gate), and is one
// transaction: one revision, so an SDK's next poll sees all of it or none of it.
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGES_CHANNEL } from '../platform/events/store.ts';
import { expectError } from '../test-support/answers.ts';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';

const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
  server.call(method, path, { cookie, body });
const P = 'api/admin/projects/bulk';
const BULK_ENV = (env: string, onOff: 'on' | 'off') => `${P}/bulk_features/environments/${env}/${onOff}`;
const TOGGLES = ['bulk.a', 'bulk.b', 'bulk.c'];

/** What a bulk call could change in the project, and how many events there are: equal before and after a refusal. */
async function snapshot() {
  const [row] = await server.sql(
    `select (select count(*) from events)::int as events,
      (select string_agg(name || ':' || version || ':' || stale || ':' || (archived_at is null), ',' order by name)
        from features where project = 'bulk') as features,
      (select string_agg(feature || ':' || environment || ':' || enabled, ',' order by feature, environment)
        from feature_environments where feature like 'bulk.%') as states,
      (select string_agg(feature || ':' || environment || ':' || strategy_name, ',' order by feature, environment, id)
        from feature_strategies where feature like 'bulk.%') as strategies,
      (select string_agg(feature || ':' || tag_type || ':' || tag_value, ',' order by feature, tag_type, tag_value)
        from feature_tags where feature like 'bulk.%') as tags`,
  );
  return row;
}

/** The events of these types newer than `after`, oldest first. */
async function eventsAfter(after: number, ...types: string[]) {
  const rows = await server.sql(
    `select type, feature_name as "featureName", environment, data, pre_data as "preData" from events
     where id > ${after} and type in (${types.map((t) => `'${t}'`).join(',')}) order by id`,
  );
  return rows as Array<{ type: string; featureName: string; environment: string | null; data: unknown }>;
}
const lastEventId = async () => Number((await server.sql('select coalesce(max(id), 0) as id from events'))[0].id);

const versionOf = async (name: string) =>
  Number((await as(admin)('GET', `${P}/features/${name}`)).headers.get('etag')!.replaceAll('"', ''));
const enabledIn = async (name: string, env: string) =>
  (await as(admin)('GET', `${P}/features/${name}/environments/${env}`)).body.enabled as boolean;

useServer({ users: true });
beforeAll(async () => {
  expect((await as(admin)('POST', 'api/admin/projects', { id: 'bulk', name: 'Bulk' })).status).toBe(201);
  expect((await as(admin)('POST', 'api/admin/projects', { id: 'other', name: 'Other' })).status).toBe(201);
  for (const name of TOGGLES) expect((await as(admin)('POST', `${P}/features`, { name })).status).toBe(201);
  expect((await as(admin)('POST', 'api/admin/projects/other/features', { name: 'other.x' })).status).toBe(201);
});

describe('bulk on and off in an environment', () => {
  it('turns every toggle named on, one event and one version each; those already on are left as they are', async () => {
    expect((await as(admin)('POST', `${P}/features/bulk.a/environments/development/on`)).status).toBe(200);
    const before = await Promise.all(TOGGLES.map(versionOf));
    const after = await lastEventId();
    const answer = await as(editor)('POST', BULK_ENV('development', 'on'), { features: TOGGLES });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toBe('');
    for (const name of TOGGLES) expect(await enabledIn(name, 'development'), name).toBe(true);
    expect(await Promise.all(TOGGLES.map(versionOf))).toEqual([before[0], before[1] + 1, before[2] + 1]);
    const events = await eventsAfter(after, 'feature-environment-enabled', 'feature-strategy-add');
    expect(events).toEqual([
      expect.objectContaining({
        type: 'feature-environment-enabled',
        featureName: 'bulk.b',
        environment: 'development',
      }),
      expect.objectContaining({
        type: 'feature-environment-enabled',
        featureName: 'bulk.c',
        environment: 'development',
      }),
    ]);
  });

  it('turns them off; a toggle without a strategy gets the default one when turned on (Unleash 5)', async () => {
    const after = await lastEventId();
    expect((await as(editor)('POST', BULK_ENV('development', 'off'), { features: TOGGLES })).status).toBe(200);
    for (const name of TOGGLES) expect(await enabledIn(name, 'development'), name).toBe(false);
    expect((await eventsAfter(after, 'feature-environment-disabled')).map((e) => e.featureName)).toEqual(TOGGLES);

    const strategies = `${P}/features/bulk.c/environments/development/strategies`;
    const [only] = (await as(admin)('GET', strategies)).body;
    expect((await as(admin)('DELETE', `${strategies}/${only.id}`)).status).toBe(200);
    const before = await lastEventId();
    const on = await as(editor)('POST', `${BULK_ENV('development', 'on')}?shouldActivateDisabledStrategies=true`, {
      features: ['bulk.c'],
    });
    expect(on.status, on.text).toBe(200);
    expect((await as(admin)('GET', strategies)).body).toMatchObject([{ name: 'default', parameters: {} }]);
    expect(
      (await eventsAfter(before, 'feature-strategy-add', 'feature-environment-enabled')).map((e) => e.type),
    ).toEqual(['feature-strategy-add', 'feature-environment-enabled']);
    expect((await as(editor)('POST', BULK_ENV('development', 'off'), { features: ['bulk.c'] })).status).toBe(200);
  });

  it('refuses the whole call, changing nothing, for one unknown, foreign or archived toggle or a Viewer', async () => {
    expect((await as(admin)('POST', `${P}/features`, { name: 'bulk.archived' })).status).toBe(201);
    expect((await as(admin)('DELETE', `${P}/features/bulk.archived`)).status).toBe(202);
    const before = await snapshot();
    const call = (features: string[], cookie = editor) =>
      as(cookie)('POST', BULK_ENV('development', 'on'), { features });
    expectError(
      await call([...TOGGLES, 'bulk.nowhere']),
      404,
      'NotFoundError',
      'Could not find feature toggles with the names bulk.nowhere in project bulk',
      { isJoi: true },
    );
    expectError(
      await call(['other.x', ...TOGGLES, 'bulk.nowhere']),
      404,
      'NotFoundError',
      'Could not find feature toggles with the names other.x, bulk.nowhere in project bulk',
      { isJoi: true },
    );
    expectError(
      await call([...TOGGLES, 'bulk.archived']),
      400,
      'InvalidOperationError',
      'These feature toggles are archived: revive them before changing them: bulk.archived',
    );
    expect((await call(TOGGLES, viewer)).status).toBe(403);
    expect((await as(editor)('POST', BULK_ENV('nowhere', 'on'), { features: TOGGLES })).status).toBe(404);
    for (const body of [{ features: [] }, { features: TOGGLES, extra: 1 }, { features: ['x'.repeat(201)] }, {}]) {
      expect((await as(editor)('POST', BULK_ENV('development', 'on'), body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a change based on an older version of any toggle (412), changing nothing', async () => {
    const versions = Object.fromEntries(await Promise.all(TOGGLES.map(async (n) => [n, await versionOf(n)])));
    const before = await snapshot();
    const stale = { ...versions, 'bulk.b': versions['bulk.b'] - 1 };
    const answer = await as(editor)('POST', BULK_ENV('development', 'on'), { features: TOGGLES, versions: stale });
    expect(answer.status).toBe(412);
    expect(answer.body.message).toContain(`bulk.b (version ${stale['bulk.b']}, now ${versions['bulk.b']})`);
    const stray = await as(editor)('POST', BULK_ENV('development', 'on'), {
      features: ['bulk.a'],
      versions: { 'bulk.b': versions['bulk.b'] },
    });
    expect(stray.status).toBe(400);
    expect(await snapshot()).toEqual(before);
    const fresh = await as(editor)('POST', BULK_ENV('development', 'on'), { features: TOGGLES, versions });
    expect(fresh.status, fresh.text).toBe(200);
  });

  it('respects change requests: refused for an Editor, an Admin bypasses them with one audited bypass a toggle', async () => {
    const config = `${P}/environments/production/change-requests/config`;
    expect((await as(admin)('PUT', config, { changeRequestsEnabled: true, requiredApprovals: 1 })).status).toBe(200);
    try {
      const before = await snapshot();
      expectError(
        await as(editor)('POST', BULK_ENV('production', 'on'), { features: TOGGLES }),
        403,
        'ChangeRequestRequiredError',
        'Environment production of project bulk takes changes through change requests only: request this change',
      );
      expect(await snapshot()).toEqual(before);
      const after = await lastEventId();
      expect((await as(admin)('POST', BULK_ENV('production', 'on'), { features: TOGGLES })).status).toBe(200);
      const events = await eventsAfter(after, 'change-request-bypassed', 'feature-environment-enabled');
      expect(events.filter((e) => e.type === 'change-request-bypassed')).toEqual(
        TOGGLES.map((featureName) =>
          expect.objectContaining({
            featureName,
            environment: 'production',
            data: { name: featureName, environment: 'production' },
          }),
        ),
      );
      expect(events.filter((e) => e.type === 'feature-environment-enabled').map((e) => e.featureName)).toEqual(TOGGLES);
    } finally {
      await as(admin)('PUT', config, { changeRequestsEnabled: false, requiredApprovals: 1 });
    }
  });
});

describe('bulk stale, tags, archive, revive and delete', () => {
  it('marks toggles stale (202), one event each for those that change', async () => {
    expect((await as(editor)('POST', `${P}/stale`, { features: ['bulk.a'], stale: true })).status).toBe(202);
    const after = await lastEventId();
    const answer = await as(editor)('POST', `${P}/stale`, { features: TOGGLES, stale: true });
    expect(answer.status, answer.text).toBe(202);
    const events = await eventsAfter(after, 'feature-stale-on');
    expect(events.map((e) => e.featureName)).toEqual(['bulk.b', 'bulk.c']);
    expect(events[0]).toMatchObject({
      data: { name: 'bulk.b', stale: true },
      preData: { name: 'bulk.b', stale: false },
    });
    for (const name of TOGGLES) {
      expect((await as(admin)('GET', `${P}/features/${name}`)).body.stale, name).toBe(true);
    }
    const before = await snapshot();
    expect((await as(viewer)('POST', `${P}/stale`, { features: TOGGLES, stale: false })).status).toBe(403);
    expect((await as(editor)('POST', `${P}/stale`, { features: [...TOGGLES, 'other.x'], stale: false })).status).toBe(
      404,
    );
    expect(await snapshot()).toEqual(before);
    expect((await as(editor)('POST', `${P}/stale`, { features: TOGGLES, stale: false })).status).toBe(202);
  });

  it('adds and removes tags (creating new ones), one event per tag a toggle gains or loses', async () => {
    const after = await lastEventId();
    const added = await as(editor)('PUT', `${P}/tags`, {
      features: TOGGLES,
      tags: { addedTags: [{ type: 'simple', value: 'bulk-new' }], removedTags: [] },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.text).toBe('');
    const tagged = await eventsAfter(after, 'feature-tagged', 'tag-created');
    expect(tagged.map((e) => [e.type, e.featureName])).toEqual([
      ['tag-created', null],
      ...TOGGLES.map((name) => ['feature-tagged', name]),
    ]);
    for (const name of TOGGLES) {
      expect((await as(admin)('GET', `api/admin/features/${name}/tags`)).body.tags, name).toEqual([
        { type: 'simple', value: 'bulk-new' },
      ]);
    }
    const before = await snapshot();
    const unknownType = await as(editor)('PUT', `${P}/tags`, {
      features: TOGGLES,
      tags: { addedTags: [{ type: 'nope', value: 'x1' }], removedTags: [{ type: 'simple', value: 'bulk-new' }] },
    });
    expectError(unknownType, 404, 'NotFoundError', 'Could not find tag-type with name: nope', { isJoi: true });
    const both = await as(editor)('PUT', `${P}/tags`, {
      features: TOGGLES,
      tags: {
        addedTags: [{ type: 'simple', value: 'bulk-new' }],
        removedTags: [{ type: 'simple', value: 'bulk-new' }],
      },
    });
    expect(both.status).toBe(400);
    expect(await snapshot()).toEqual(before);
    const removedAfter = await lastEventId();
    const removed = await as(editor)('PUT', `${P}/tags`, {
      features: ['bulk.a', 'bulk.b'],
      tags: { addedTags: [], removedTags: [{ type: 'simple', value: 'bulk-new' }] },
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await eventsAfter(removedAfter, 'feature-untagged')).map((e) => e.featureName)).toEqual([
      'bulk.a',
      'bulk.b',
    ]);
  });

  it('archives (202) a parent only with the toggles that depend on it, revives (200) and deletes (200)', async () => {
    for (const name of ['bulk.parent', 'bulk.child']) {
      expect((await as(admin)('POST', `${P}/features`, { name })).status).toBe(201);
    }
    expect((await as(admin)('POST', `${P}/features/bulk.child/dependencies`, { feature: 'bulk.parent' })).status).toBe(
      200,
    );
    const before = await snapshot();
    expectError(
      await as(editor)('POST', `${P}/archive`, { features: ['bulk.a', 'bulk.parent'] }),
      400,
      'InvalidOperationError',
      'bulk.parent cannot be archived: bulk.child depends on it. Remove the dependencies first',
    );
    expectError(
      await as(editor)('POST', `${P}/delete`, { features: ['bulk.parent'] }),
      400,
      'InvalidOperationError',
      'These feature toggles are not archived: bulk.parent',
    );
    expect((await as(viewer)('POST', `${P}/archive`, { features: ['bulk.child'] })).status).toBe(403);
    expect(await snapshot()).toEqual(before);

    const family = ['bulk.child', 'bulk.parent'];
    let after = await lastEventId();
    expect((await as(editor)('POST', `${P}/archive`, { features: family })).status).toBe(202);
    expect((await eventsAfter(after, 'feature-archived')).map((e) => e.featureName)).toEqual(family);
    const archived = (await as(admin)('GET', 'api/admin/archive/features')).body.features.map(
      (f: { name: string }) => f.name,
    );
    expect(archived).toEqual(expect.arrayContaining(family));

    after = await lastEventId();
    expect((await as(editor)('POST', `${P}/revive`, { features: ['bulk.parent'] })).status).toBe(200);
    expect((await eventsAfter(after, 'feature-revived')).map((e) => e.featureName)).toEqual(['bulk.parent']);
    expectError(
      await as(editor)('POST', `${P}/revive`, { features: family }),
      400,
      'InvalidOperationError',
      'These feature toggles are not archived: bulk.parent',
    );

    after = await lastEventId();
    expect((await as(editor)('POST', `${P}/delete`, { features: ['bulk.child', 'bulk.archived'] })).status).toBe(200);
    expect((await eventsAfter(after, 'feature-deleted')).map((e) => e.featureName)).toEqual([
      'bulk.archived',
      'bulk.child',
    ]);
    expect((await as(admin)('GET', `${P}/features/bulk.child`)).status).toBe(404);
  });
});

/** Notifications on the channel every change is announced on, from a connection of the test's own (PostgreSQL). */
async function listen() {
  const pool = (server.db as unknown as { $client: { options: pg.ClientConfig } }).$client;
  const client = new pg.Client(pool.options);
  await client.connect();
  const heard: string[] = [];
  client.on('notification', ({ payload }) => heard.push(payload ?? ''));
  await client.query(`LISTEN ${CHANGES_CHANNEL}`);
  return { heard, client };
}

describe('one bulk call is one change for SDKs', () => {
  it('bumps the revision once, and an SDK poll sees every toggle off at once', async () => {
    const token = await as(admin)('POST', 'api/admin/api-tokens', {
      username: 'bulk-sdk',
      type: 'client',
      project: 'bulk',
      environment: 'development',
    });
    expect(token.status).toBe(201);
    const poll = async (etag?: string) => {
      const headers: Record<string, string> = { authorization: token.body.secret };
      if (etag) headers['if-none-match'] = etag;
      return server.call('GET', 'api/client/features', { headers });
    };
    expect((await as(editor)('POST', BULK_ENV('development', 'on'), { features: TOGGLES })).status).toBe(200);
    const first = await poll();
    expect(first.body.features.filter((f: { enabled: boolean }) => f.enabled)).toHaveLength(TOGGLES.length);

    const onPostgres = process.env.TEST_DB === 'postgres';
    const listener = onPostgres ? await listen() : undefined;
    let bumps = 0;
    const stop = server.app.revisions.onBump(() => (bumps += 1));
    try {
      expect((await as(editor)('POST', BULK_ENV('development', 'off'), { features: TOGGLES })).status).toBe(200);
      if (listener) {
        // The bulk call's notifications were sent at its commit, before its answer; this one comes after them.
        await server.sql(`select pg_notify('${CHANGES_CHANNEL}', 'test-sentinel')`);
        await vi.waitFor(() => expect(listener.heard).toContain('test-sentinel'), { timeout: 20_000 });
        expect(listener.heard.filter((payload) => payload !== 'test-sentinel')).toHaveLength(1);
      } else {
        expect(bumps).toBe(1);
      }
    } finally {
      stop();
      await listener?.client.end();
    }
    const second = await poll(first.headers.get('etag')!);
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(second.body.features.filter((f: { enabled: boolean }) => f.enabled)).toEqual([]);
    expect((await poll(second.headers.get('etag')!)).status).toBe(304);
  });
});
