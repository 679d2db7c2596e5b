import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../test-support/answers.ts';
import { admin, server, useServer, viewer } from '../test-support/fixture.ts';

// GET api/admin/projects/{p}/status: the project's clean-up figures (potentially stale, completed, unseen per
// environment), from the toggles' types and ages, their lifecycle and what SDKs reported through api/client/metrics.

const DEV = '*:development.status-dev-secret-0123456789ab';
const PROD = '*:production.status-prod-secret-0123456789a';
const DAY = 24 * 60 * 60 * 1000;

const statusOf = async (query = '') => {
  const answer = await server.call('GET', `api/admin/projects/st/status${query}`, { cookie: viewer });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

/** An SDK's report of a one-minute bucket that ended `daysAgo` days ago. */
async function report(token: string, toggles: string[], daysAgo = 0) {
  const stop = new Date(Date.now() - daysAgo * DAY);
  const answer = await server.call('POST', 'api/client/metrics', {
    token,
    body: {
      appName: 'status-app',
      instanceId: 'i-1',
      bucket: {
        start: new Date(stop.getTime() - 60_000).toISOString(),
        stop: stop.toISOString(),
        toggles: Object.fromEntries(toggles.map((name) => [name, { yes: 1, no: 0 }])),
      },
    },
  });
  expect(answer.status, answer.text).toBe(202);
}

useServer({ env: { INIT_CLIENT_API_TOKENS: `${DEV},${PROD}` }, users: true });
beforeAll(async () => {
  const post = async (path: string, body?: unknown) => {
    const answer = await server.call('POST', path, { cookie: admin, body });
    expect(answer.status, answer.text).toBeLessThan(300);
  };
  await post('api/admin/projects', { id: 'st', name: 'Status' });
  for (const [name, type] of [
    ['st.fresh', 'release'],
    ['st.old', 'release'],
    ['st.old-stale', 'release'],
    ['st.ops', 'operational'],
    ['st.kill', 'kill-switch'],
    ['st.done', 'release'],
    ['st.archived', 'release'],
  ]) {
    await post('api/admin/projects/st/features', { name, type });
  }
  await post('api/admin/features/st.old-stale/stale/on');
  await post('api/admin/projects/st/features/st.done/lifecycle/complete', { status: 'discarded' });
  // Ages only the clock can give: set in the database.
  await server.sql(
    `update features set created_at = now() - interval '41 days'
     where name in ('st.old', 'st.old-stale', 'st.kill', 'st.done', 'st.archived')`,
  );
  await server.sql(`update features set created_at = now() - interval '8 days' where name = 'st.ops'`);
  expect((await server.call('DELETE', 'api/admin/features/st.archived', { cookie: admin })).status).toBe(200);
  await report(DEV, ['st.old', 'st.archived']);
  await report(PROD, ['st.ops', 'st.kill'], 3);
  await report(PROD, ['st.old-stale'], 10);
});

describe('project status', () => {
  it("names the live toggles to clean up: potentially stale, completed, and unseen per the project's environment", async () => {
    expect(await statusOf()).toEqual({
      version: 1,
      unseenDays: 7,
      // Past their type's lifetime and not marked stale (the health report's rule).
      potentiallyStale: { count: 3, features: ['st.done', 'st.old', 'st.ops'] },
      completed: { count: 1, features: ['st.done'] },
      // Older than 7 days and not reported in the environment for 7 days (st.fresh is too young to tell).
      unseen: [
        { environment: 'default', count: 5, features: ['st.done', 'st.kill', 'st.old', 'st.old-stale', 'st.ops'] },
        { environment: 'development', count: 4, features: ['st.done', 'st.kill', 'st.old-stale', 'st.ops'] },
        { environment: 'production', count: 3, features: ['st.done', 'st.old', 'st.old-stale'] },
      ],
    });
  });

  it('counts unseen over the days asked for', async () => {
    const status = await statusOf('?unseenDays=2');
    expect(status.unseenDays).toBe(2);
    expect(status.unseen.find((u: { environment: string }) => u.environment === 'production')).toEqual({
      environment: 'production',
      count: 5,
      features: ['st.done', 'st.kill', 'st.old', 'st.old-stale', 'st.ops'],
    });
    const month = await statusOf('?unseenDays=30');
    expect(month.unseen.find((u: { environment: string }) => u.environment === 'production').features).toEqual([
      'st.done',
      'st.old',
    ]);
  });

  it('follows the lifecycle: an uncompleted toggle is no longer counted as completed', async () => {
    const taken = await server.call('POST', 'api/admin/projects/st/features/st.done/lifecycle/uncomplete', {
      cookie: admin,
    });
    expect(taken.status).toBe(200);
    expect((await statusOf()).completed).toEqual({ count: 0, features: [] });
  });

  it('refuses a bad unseenDays with a 400 and answers 404 for an unknown project', async () => {
    for (const bad of ['0', '366', 'abc', '1.5']) {
      const answer = await server.call('GET', `api/admin/projects/st/status?unseenDays=${bad}`, { cookie: viewer });
      expect(answer.status, bad).toBe(400);
    }
    expectInvalid(
      await server.call('GET', 'api/admin/projects/st/status?unseenDays=0', { cookie: viewer }),
      ['unseenDays'],
      '"unseenDays" must be >= 1',
    );
    expectError(
      await server.call('GET', 'api/admin/projects/nope/status', { cookie: viewer }),
      404,
      'NotFoundError',
      'No project found',
      { isJoi: true },
    );
  });
});
