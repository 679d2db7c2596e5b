import { beforeAll, describe, expect, it } from 'vitest';
import { SEGMENT_VALUES_LIMIT } from '../../contract/segments.ts';
import { VALUE_MESSAGES } from '../../contract/constraints.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';

const SEGMENTS = 'api/admin/segments';
const STRATEGIES = (feature: string, project = 'default') =>
  `api/admin/projects/${project}/features/${feature}/environments/development/strategies`;
const inList = (contextName: string, ...values: string[]) => ({ contextName, operator: 'IN', values });

const call = (method: string, path: string, body?: unknown) => server.call(method, path, { cookie: admin, body });
const create = (body: Record<string, unknown>) => call('POST', SEGMENTS, { constraints: [], ...body });
const eventsOf = async (type: string) => (await call('GET', `api/admin/events?type=${type}`)).body.events;
/** A checksum of the segment tables, to show that a refused call changed nothing. */
const segmentRows = async () =>
  (await server.sql(
    `select (select count(*) from segments)::int as segments,
      (select coalesce(string_agg(name || description, ',' order by id), '') from segments) as names,
      (select count(*) from feature_strategy_segments)::int as uses,
      (select count(*) from events where type like 'segment-%')::int as events`,
  )) as Array<{ segments: number; names: string; uses: number; events: number }>;

useServer();
beforeAll(async () => {
  expect((await call('POST', 'api/admin/projects', { id: 'web', name: 'Web' })).status).toBe(201);
  expect((await call('POST', 'api/admin/projects', { id: 'app', name: 'App' })).status).toBe(201);
});

describe('segments', () => {
  it('creates, lists, reads, changes and deletes a segment, each change with its event', async () => {
    const created = await create({
      name: ' beta users ',
      description: 'Who tries things first',
      constraints: [
        inList('userId', 'a', 'b'),
        { contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3', inverted: true },
        { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true },
      ],
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.headers.get('location')).toBe(`segments/${id}`);
    expect(created.body).toMatchObject({
      name: 'beta users',
      description: 'Who tries things first',
      project: null,
      createdBy: 'admin',
      constraints: [
        { contextName: 'userId', operator: 'IN', values: ['a', 'b'], inverted: false, caseInsensitive: false },
        { contextName: 'version', operator: 'SEMVER_GT', values: [], value: '1.2.3', inverted: true },
        { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true },
      ],
    });
    expect(Object.keys(created.body).sort()).toEqual(
      ['constraints', 'createdAt', 'createdBy', 'description', 'id', 'name', 'project'].sort(),
    );
    expect((await call('GET', `${SEGMENTS}/${id}`)).body).toEqual(created.body);
    expect((await call('GET', SEGMENTS)).body.segments).toContainEqual(created.body);
    const [createdEvent] = await eventsOf('segment-created');
    expect(createdEvent.data).toEqual(created.body);

    // Unleash's form for 'every project' and 'no description': nulls, kept as nulls.
    const global = await call('POST', SEGMENTS, {
      name: 'everyone',
      description: null,
      project: null,
      constraints: [inList('userId', 'z')],
    });
    expect(global.status).toBe(201);
    expect(global.body).toMatchObject({ name: 'everyone', description: null, project: null });

    const changed = await call('PUT', `${SEGMENTS}/${id}`, {
      name: 'beta users',
      project: 'web',
      constraints: [inList('userId', 'c')],
    });
    expect(changed.status).toBe(204);
    const after = (await call('GET', `${SEGMENTS}/${id}`)).body;
    expect(after).toMatchObject({ name: 'beta users', description: null, project: 'web' });
    expect(after.constraints).toEqual([
      { contextName: 'userId', operator: 'IN', values: ['c'], inverted: false, caseInsensitive: false },
    ]);
    const [updated] = await eventsOf('segment-updated');
    expect(updated).toMatchObject({ project: 'web', data: after, preData: created.body });

    expect((await call('DELETE', `${SEGMENTS}/${id}`)).status).toBe(204);
    expect((await call('GET', `${SEGMENTS}/${id}`)).status).toBe(404);
    const [deleted] = await eventsOf('segment-deleted');
    expect(deleted).toMatchObject({ project: 'web', preData: after });
  });

  it('refuses a taken name (409), validates names, and answers 404 for an unknown segment', async () => {
    expect((await create({ name: 'taken' })).status).toBe(201);
    const before = await segmentRows();
    const duplicate = await create({ name: 'taken' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ name: 'NameExistsError', message: 'Segment name already exists' });
    expect((await call('POST', `${SEGMENTS}/validate`, { name: 'taken' })).status).toBe(409);
    expect((await call('POST', `${SEGMENTS}/validate`, { name: 'free' })).status).toBe(204);
    expect((await call('POST', `${SEGMENTS}/validate`, { name: '  ' })).status).toBe(400);
    const other = await create({ name: 'other' });
    const renamed = await call('PUT', `${SEGMENTS}/${other.body.id}`, { name: 'taken', constraints: [] });
    expect(renamed.status).toBe(409);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x', constraints: [] }],
      ['DELETE', undefined],
    ] as const) {
      const missing = await call(method, `${SEGMENTS}/999999`, body);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Could not find segment with id 999999');
    }
    expect((await call('GET', `${SEGMENTS}/999999/strategies`)).status).toBe(404);
    expect((await call('GET', `${SEGMENTS}/abc`)).status).toBe(400);
    expect(await segmentRows()).toEqual([
      { ...before[0], segments: before[0].segments + 1, events: before[0].events + 1 },
    ]);
  });

  it('refuses bad constraints, an unknown project and too many values with a 400 naming the field', async () => {
    const before = await segmentRows();
    const refused = async (body: Record<string, unknown>, field: string, message?: string) => {
      const answer = await create({ name: 'refused', ...body });
      expect(answer.status).toBe(400);
      if (field) expect(answer.body.details[0].context.label).toBe(field);
      if (message) expect(answer.body.message).toBe(message);
      return answer;
    };
    const one = (constraint: Record<string, unknown>) => ({ constraints: [constraint] });
    const badValue = (constraint: Record<string, unknown>, message: string) =>
      refused(one(constraint), 'constraints[0].value', message);
    await badValue({ contextName: 'v', operator: 'SEMVER_GT', value: '1.2' }, VALUE_MESSAGES.semver);
    await badValue({ contextName: 'd', operator: 'DATE_AFTER', value: 'soon' }, VALUE_MESSAGES.date);
    await badValue({ contextName: 'n', operator: 'NUM_GT', value: 'many' }, VALUE_MESSAGES.number);
    await badValue({ contextName: 'r', operator: 'REGEX', value: '(' }, VALUE_MESSAGES.regex);
    await badValue({ contextName: 'n', operator: 'NUM_EQ' }, VALUE_MESSAGES.value);
    await refused(
      one({ contextName: 'ip', operator: 'IN_CIDR', values: ['10.0.0.0/33'] }),
      'constraints[0].values',
      VALUE_MESSAGES.cidr,
    );
    await refused(one({ contextName: 'u', values: ['a', ' '] }), 'constraints[0].values[1]');
    await refused(one({ contextName: ' ', values: ['a'] }), 'constraints[0].contextName');
    await refused(one({ contextName: 'u', operator: 'LIKE', values: ['a'] }), '');
    await refused(one({ contextName: 'u', values: ['a'], extra: true }), '');
    await refused({ name: ' ' }, 'name');
    await refused({ project: 'nowhere' }, 'project');
    const half = Array.from({ length: SEGMENT_VALUES_LIMIT / 2 + 1 }, (_, i) => `v${i}`);
    const tooMany = await create({ name: 'refused', constraints: [inList('a', ...half), inList('b', ...half)] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Segments may not have more than ${SEGMENT_VALUES_LIMIT} values`);
    const empty = await create({ name: 'empty list', constraints: [inList('userId')] });
    expect(empty.status).toBe(201);
    expect(await segmentRows()).toEqual([
      { ...before[0], segments: before[0].segments + 1, names: expect.any(String), events: before[0].events + 1 },
    ]);
  });

  it('lists the strategies using a segment, refuses to delete it while used and to move it away from them', async () => {
    const segment = (await create({ name: 'used', project: 'web', constraints: [inList('userId', 'u1')] })).body;
    const global = (await create({ name: 'used everywhere', constraints: [inList('userId', 'u2')] })).body;
    expect((await call('POST', 'api/admin/projects/web/features', { name: 'uses.segment' })).status).toBe(201);
    const strategy = await call('POST', STRATEGIES('uses.segment', 'web'), {
      name: 'default',
      segments: [segment.id, global.id],
    });
    expect(strategy.status).toBe(200);
    const strategies = await call('GET', `${SEGMENTS}/${segment.id}/strategies`);
    expect(strategies.body).toEqual({
      strategies: [
        {
          id: strategy.body.id,
          projectId: 'web',
          featureName: 'uses.segment',
          strategyName: 'default',
          environment: 'development',
        },
      ],
      changeRequestStrategies: [],
    });
    const before = await segmentRows();
    const refused = await call('DELETE', `${SEGMENTS}/${segment.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('uses.segment in development');
    const moved = await call('PUT', `${SEGMENTS}/${global.id}`, {
      name: 'used everywhere',
      project: 'app',
      constraints: [],
    });
    expect(moved.status).toBe(400);
    expect(moved.body.details[0].context.label).toBe('project');
    expect(moved.body.message).toBe('Invalid project. Segment is being used by strategies in other projects: web');
    expect(await segmentRows()).toEqual(before);
    // Into the project that uses it is fine; once no strategy uses it, it can be deleted.
    expect(
      (await call('PUT', `${SEGMENTS}/${global.id}`, { name: 'used everywhere', project: 'web', constraints: [] }))
        .status,
    ).toBe(204);
    expect((await call('DELETE', `${STRATEGIES('uses.segment', 'web')}/${strategy.body.id}`)).status).toBe(200);
    expect((await call('GET', `${SEGMENTS}/${segment.id}/strategies`)).body.strategies).toEqual([]);
    expect((await call('DELETE', `${SEGMENTS}/${segment.id}`)).status).toBe(204);
  });

  it('lets a Viewer read segments but not change them', async () => {
    const viewer = await server.createUser('Viewer');
    const created = (await create({ name: 'for viewers' })).body;
    const as = (method: string, path: string, body?: unknown) =>
      server.call(method, path, { cookie: viewer.cookie, body });
    expect((await as('GET', SEGMENTS)).status).toBe(200);
    expect((await as('GET', `${SEGMENTS}/${created.id}`)).status).toBe(200);
    expect((await as('POST', SEGMENTS, { name: 'nope', constraints: [] })).status).toBe(403);
    expect((await as('PUT', `${SEGMENTS}/${created.id}`, { name: 'nope', constraints: [] })).status).toBe(403);
    expect((await as('DELETE', `${SEGMENTS}/${created.id}`)).status).toBe(403);
  });
});
