// Copying a toggle's strategies from one environment to another: appended as new instances (constraints, segments,
// strategy variants and parameters kept), through the toggle rule (version, events, the change-request gate).
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test-support/answers.ts';
import { admin, editor, server, useServer, viewer } from '../../test-support/fixture.ts';

const as = (cookie: string) => (method: string, path: string, body?: unknown) =>
  server.call(method, path, { cookie, body });
const TOGGLE = 'api/admin/projects/default/features/copied';
const STRATEGIES = (env: string) => `${TOGGLE}/environments/${env}/strategies`;
const COPY = (env: string) => `${STRATEGIES(env)}/copy`;

/** The toggle's strategies in every environment, its version and the event count: what a refused copy must keep. */
async function snapshot() {
  const [row] = await server.sql(
    `select (select count(*) from events)::int as events, (select version from features where name = 'copied') as version,
      (select string_agg(environment || ':' || id, ',' order by environment, id) from feature_strategies
        where feature = 'copied') as strategies`,
  );
  return row;
}

let segment: number;
const rollout = {
  name: 'flexibleRollout',
  parameters: { rollout: '25', stickiness: 'default', groupId: 'copied' },
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
};
const variants = [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }];

useServer({ users: true });
beforeAll(async () => {
  expect((await as(admin)('POST', 'api/admin/projects/default/features', { name: 'copied' })).status).toBe(201);
  const created = await as(admin)('POST', 'api/admin/segments', { name: 'copy-segment', constraints: [] });
  expect(created.status, created.text).toBe(201);
  segment = created.body.id;
  const added = await as(admin)('POST', STRATEGIES('development'), { ...rollout, segments: [segment], variants });
  expect(added.status, added.text).toBe(200);
});

describe('POST .../environments/{env}/strategies/copy', () => {
  it('appends copies of every strategy of `from` with new ids, and answers the environment’s strategies', async () => {
    const source = (await as(admin)('GET', STRATEGIES('development'))).body;
    const [ownDefault] = (await as(admin)('GET', STRATEGIES('production'))).body;
    const before = await snapshot();
    const copy = await as(editor)('POST', COPY('production'), { from: 'development' });
    expect(copy.status, copy.text).toBe(200);
    expect(copy.headers.get('etag')).toBe(`"${Number(before.version) + 1}"`);
    expect(copy.body).toHaveLength(1 + source.length);
    expect(copy.body[0]).toEqual(ownDefault);
    const copies = copy.body.slice(1);
    copies.forEach((strategy: { id: string; sortOrder: number }, i: number) => {
      const { id: _id, sortOrder: _order, ...rest } = source[i];
      expect(strategy).toMatchObject(rest);
      expect(strategy.id).not.toBe(source[i].id);
      expect(strategy.sortOrder).toBeGreaterThan(ownDefault.sortOrder);
    });
    expect(copies[1]).toMatchObject({ ...rollout, segments: [segment], variants });
    expect((await as(admin)('GET', STRATEGIES('production'))).body).toEqual(copy.body);
    expect((await as(admin)('GET', STRATEGIES('development'))).body).toEqual(source);
    const events = await server.sql(
      `select data from events where type = 'feature-strategy-add' and environment = 'production'
        and feature_name = 'copied' order by id`,
    );
    expect(events.map((e) => (e.data as { id: string }).id)).toEqual(copies.map((s: { id: string }) => s.id));
  });

  it('refuses an unknown environment, copying to itself, bad bodies and a Viewer, changing nothing', async () => {
    const before = await snapshot();
    expectError(
      await as(editor)('POST', COPY('production'), { from: 'nowhere' }),
      404,
      'NotFoundError',
      'Could not find environment with name: nowhere',
      { isJoi: true },
    );
    expect((await as(editor)('POST', COPY('nowhere'), { from: 'development' })).status).toBe(404);
    const itself = await as(editor)('POST', COPY('development'), { from: 'development' });
    expect(itself.status).toBe(400);
    expect(itself.body.details[0].path).toEqual(['from']);
    for (const body of [{}, { from: { name: 'development' } }, { from: 'development', extra: true }]) {
      expect((await as(editor)('POST', COPY('production'), body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await as(viewer)('POST', COPY('production'), { from: 'development' })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('passes the change-request gate of the environment copied to only: Editors refused, an Admin’s bypass audited', async () => {
    const config = 'api/admin/projects/default/environments/production/change-requests/config';
    expect((await as(admin)('PUT', config, { changeRequestsEnabled: true, requiredApprovals: 1 })).status).toBe(200);
    try {
      const before = await snapshot();
      expectError(
        await as(editor)('POST', COPY('production'), { from: 'development' }),
        403,
        'ChangeRequestRequiredError',
        'Environment production of project default takes changes through change requests only: request this change',
      );
      expect(await snapshot()).toEqual(before);
      expect((await as(editor)('POST', COPY('development'), { from: 'production' })).status).toBe(200);
      const copied = await as(admin)('POST', COPY('production'), { from: 'development' });
      expect(copied.status, copied.text).toBe(200);
      const [bypass] = (await server.call('GET', 'api/admin/events?type=change-request-bypassed', { cookie: admin }))
        .body.events;
      expect(bypass).toMatchObject({ featureName: 'copied', environment: 'production', createdBy: 'admin' });
    } finally {
      await as(admin)('PUT', config, { changeRequestsEnabled: false, requiredApprovals: 1 });
    }
  });
});
