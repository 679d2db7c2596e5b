import { beforeAll, describe, expect, it } from 'vitest';
import { admin, editor, server, useServer, viewer } from '../../test-support/fixture.ts';
import { expectError } from '../../test-support/answers.ts';

// Key sets of Unleash 4.2.2's answers: catalog 077 (environment), 080/083 (strategy, plus our sortOrder),
// 084/085 (PUT/PATCH of a strategy, plus sortOrder).
const ENVIRONMENT = ['enabled', 'environment', 'name', 'strategies'];
const STRATEGY = ['constraints', 'id', 'name', 'parameters', 'segments', 'sortOrder', 'variants'];
const UPDATED = [...STRATEGY, 'featureName'].sort();
const keys = (o: object) => Object.keys(o).sort();

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body, contentType: 'application/json' });
const BASE = 'api/admin/projects/default/features/env.toggle';
const DEV = `${BASE}/environments/development`;
const strategiesIn = async (path: string) =>
  (await call('GET', `${path}/strategies`)).body as Array<{ id: string; name: string; sortOrder: number }>;
const lastEvent = async (name = 'env.toggle') => (await call('GET', `api/admin/events/${name}`)).body.events[0];
const versionOf = async (name = 'env.toggle') =>
  (await call('GET', `api/admin/features/${name}`)).body.version as number;

/** Runs a refused call and checks that nothing changed (strategies of the environment, version, events). */
async function refused(method: string, path: string, body: unknown, status: number, expected?: object) {
  const [strategies, version, event] = await Promise.all([strategiesIn(DEV), versionOf(), lastEvent()]);
  const response = await call(method, path, body);
  expect(response.status, `${method} ${path} ${JSON.stringify(body)}: ${response.text}`).toBe(status);
  if (expected) expect(response.body).toMatchObject(expected);
  expect(response.body.details[0].message).toBe(response.body.message);
  expect(await strategiesIn(DEV)).toEqual(strategies);
  expect(await versionOf()).toBe(version);
  expect((await lastEvent()).id).toBe(event.id);
  return response;
}

useServer({ users: true });
beforeAll(async () => {
  await call('POST', 'api/admin/projects/default/features', { name: 'env.toggle' });
  await call('POST', 'api/admin/projects', { id: 'mobile', name: 'Mobile' });
  for (const environment of ['development', 'production']) {
    await call('DELETE', `api/admin/projects/mobile/environments/${environment}`);
  }
  await call('POST', 'api/admin/projects/mobile/features', { name: 'mobile.toggle' });
  const custom = await call('POST', 'api/admin/strategies', {
    name: 'custom',
    parameters: [
      { name: 'count', type: 'number', description: '', required: true },
      { name: 'beta', type: 'boolean', description: '', required: false },
      { name: 'regions', type: 'list', description: '', required: false },
      { name: 'label', type: 'string', description: '', required: false },
    ],
  });
  expect(custom.status).toBe(201);
});

describe('environment of a toggle', () => {
  it('reads the state and strategies of one environment', async () => {
    const env = await call('GET', DEV);
    expect(env.status).toBe(200);
    expect(keys(env.body)).toEqual(ENVIRONMENT);
    expect(env.body).toMatchObject({ name: 'env.toggle', environment: 'development', enabled: false });
    expect(keys(env.body.strategies[0])).toEqual(STRATEGY);
    expect(env.body.strategies[0]).toMatchObject({ name: 'default', parameters: {}, constraints: [] });
  });

  it('answers 404 for an unknown toggle, environment, project, or an environment its project does not have', async () => {
    for (const [path, message] of [
      [`${BASE}/environments/nope`, 'Could not find environment with name: nope'],
      [
        'api/admin/projects/default/features/nope/environments/development',
        'Could not find feature toggle with name nope in project default',
      ],
      [
        'api/admin/projects/mobile/features/env.toggle/environments/development',
        'Could not find feature toggle with name env.toggle in project mobile',
      ],
      [
        'api/admin/projects/nope/features/env.toggle/environments/development',
        'Could not find feature toggle with name env.toggle in project nope',
      ],
      [
        'api/admin/projects/mobile/features/mobile.toggle/environments/development',
        'Could not find environment development for feature: mobile.toggle (the environment is not enabled in project mobile)',
      ],
    ]) {
      for (const suffix of ['', '/strategies']) {
        const response = await call('GET', `${path}${suffix}`);
        expect(response.status, path).toBe(404);
        expect(response.body).toMatchObject({ name: 'NotFoundError', message });
      }
    }
  });
});

describe('strategy instances', () => {
  let rollout: string;

  it('adds a strategy at the end, with defaults of a Gradual rollout filled in and numbers as text', async () => {
    const added = await call('POST', `${DEV}/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: 25 },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
    });
    expect(added.status).toBe(200);
    expect(keys(added.body)).toEqual(STRATEGY);
    expect(added.body).toMatchObject({
      name: 'flexibleRollout',
      parameters: { rollout: '25', stickiness: 'default', groupId: 'env.toggle' },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
      sortOrder: 1,
    });
    rollout = added.body.id;
    const list = await call('GET', `${DEV}/strategies`);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['default', 'flexibleRollout']);
    expect(keys(list.body[1])).toEqual(STRATEGY);
    expect(await lastEvent()).toMatchObject({
      type: 'feature-strategy-add',
      environment: 'development',
      project: 'default',
      featureName: 'env.toggle',
      data: added.body,
    });
    const custom = await call('POST', `${DEV}/strategies`, {
      name: 'custom',
      parameters: { count: 12, beta: true, regions: 'eu,us', label: 'anything at all' },
      constraints: [{ contextName: 'appName', values: ['web'] }],
    });
    expect(custom.status).toBe(200);
    expect(custom.body).toMatchObject({
      parameters: { count: '12', beta: 'true', regions: 'eu,us', label: 'anything at all' },
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
      sortOrder: 2,
    });
  });

  it('refuses undefined strategies, bad parameters and bad constraints, writing nothing', async () => {
    const post = (body: unknown, status: number, expected?: object) =>
      refused('POST', `${DEV}/strategies`, body, status, expected);
    const bad = (path: Array<string | number>, message: string) => ({
      name: 'ValidationError',
      isJoi: true,
      details: [{ message, path }],
    });
    await post({ name: 'nope' }, 400, bad(['name'], 'The strategy definition "nope" does not exist'));
    await post(
      { name: 'flexibleRollout', parameters: { rollout: '101' } },
      400,
      bad(['parameters', 'rollout'], '"parameters.rollout" must be a whole number from 0 to 100'),
    );
    await post({ name: 'flexibleRollout', parameters: { rollout: '5.5' } }, 400);
    await post({ name: 'flexibleRollout', parameters: { rollout: 'abc' } }, 400);
    await post(
      { name: 'userWithId', parameters: { userIds: 'a', extra: 'x' } },
      400,
      bad(['parameters', 'extra'], '"parameters.extra" is not allowed: the strategy userWithId has no parameter extra'),
    );
    await post(
      { name: 'remoteAddress', parameters: {} },
      400,
      bad(['parameters', 'IPs'], '"parameters.IPs" is required'),
    );
    await post(
      { name: 'custom', parameters: { count: '12a' } },
      400,
      bad(['parameters', 'count'], '"parameters.count" must be a number (digits only)'),
    );
    await post({ name: 'custom', parameters: { count: -1 } }, 400);
    await post(
      { name: 'custom', parameters: { count: '1', beta: 'yes' } },
      400,
      bad(['parameters', 'beta'], '"parameters.beta" must be true or false'),
    );
    await post({ name: 'custom', parameters: {} }, 400, bad(['parameters', 'count'], '"parameters.count" is required'));
    await post(
      { name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: [] }] },
      400,
      bad(['constraints', 0, 'values'], 'You need to specify at least one value'),
    );
    await post(
      { name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a', ' '] }] },
      400,
      bad(['constraints', 0, 'values', 1], '"constraints[0].values[1]" is not allowed to be empty'),
    );
    await post(
      { name: 'default', constraints: [{ contextName: '  ', operator: 'IN', values: ['a'] }] },
      400,
      bad(['constraints', 0, 'contextName'], '"constraints[0].contextName" is not allowed to be empty'),
    );
    await post({ name: 'default', constraints: [{ contextName: 'userId', operator: 'LIKE', values: ['a'] }] }, 400);
    await post({ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN' }] }, 400);
    await post({ parameters: {} }, 400);
    const constraint = { contextName: 'userId', operator: 'IN', values: ['a'] };
    await post({ name: 'default', constraints: Array(31).fill(constraint) }, 400, {
      name: 'ExceedsLimitError',
      message: 'Constraint limit of 30 reached for this strategy',
    });
    const values = Array.from({ length: 251 }, (_, i) => `user-${i}`);
    await post({ name: 'default', constraints: [{ ...constraint, values }] }, 400, {
      name: 'ExceedsLimitError',
      message: 'Constraint value limit of 250 reached for the constraint on userId',
    });
    // At the limits exactly, it is accepted.
    const atLimit = await call('POST', `${DEV}/strategies`, {
      name: 'default',
      constraints: [...Array(29).fill(constraint), { ...constraint, values: values.slice(0, 250) }],
    });
    expect(atLimit.status).toBe(200);
    expect((await call('DELETE', `${DEV}/strategies/${atLimit.body.id}`)).status).toBe(200);
  });

  it('refuses strategies in environments the project does not have, and on archived toggles', async () => {
    const notInProject = await call(
      'POST',
      'api/admin/projects/mobile/features/mobile.toggle/environments/production/strategies',
      {
        name: 'default',
      },
    );
    expect(notInProject.status).toBe(404);
    expect(notInProject.body.message).toBe(
      'Could not find environment production for feature: mobile.toggle (the environment is not enabled in project mobile)',
    );
    expect((await call('POST', `${BASE}/environments/nope/strategies`, { name: 'default' })).status).toBe(404);
    await call('POST', 'api/admin/projects/default/features', { name: 'env.archived' });
    await call('DELETE', 'api/admin/projects/default/features/env.archived');
    const archived = await call(
      'POST',
      'api/admin/projects/default/features/env.archived/environments/development/strategies',
      {
        name: 'default',
      },
    );
    expect(archived.status).toBe(400);
    expect(archived.body.name).toBe('InvalidOperationError');
  });

  it('limits a toggle environment to 30 strategies', async () => {
    const path = 'api/admin/projects/default/features/env.many/environments/production/strategies';
    await call('POST', 'api/admin/projects/default/features', { name: 'env.many' });
    for (let i = 1; i < 30; i += 1) expect((await call('POST', path, { name: 'default' })).status).toBe(200);
    expect((await call('GET', path)).body).toHaveLength(30);
    const over = await call('POST', path, { name: 'default' });
    expectError(over, 400, 'ExceedsLimitError', 'Strategy limit of 30 reached for this toggle environment');
    expect((await call('GET', path)).body).toHaveLength(30);
  });

  it('reads one strategy; 404 for unknown ids, non-UUIDs and ids of another environment', async () => {
    const one = await call('GET', `${DEV}/strategies/${rollout}`);
    expect(one.status).toBe(200);
    expect(keys(one.body)).toEqual(STRATEGY);
    expect(one.body.id).toBe(rollout);
    const other = (await strategiesIn(`${BASE}/environments/production`))[0].id;
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', other]) {
      const missing = await call('GET', `${DEV}/strategies/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ name: 'NotFoundError', message: `Could not find strategy with id=${id}` });
    }
  });

  it('replaces a strategy with PUT', async () => {
    const put = await call('PUT', `${DEV}/strategies/${rollout}`, {
      name: 'flexibleRollout',
      parameters: { rollout: '75', stickiness: 'userId', groupId: 'env.toggle' },
      constraints: [],
    });
    expect(put.status).toBe(200);
    expect(keys(put.body)).toEqual(UPDATED);
    expect(put.body).toMatchObject({
      id: rollout,
      featureName: 'env.toggle',
      parameters: { rollout: '75', stickiness: 'userId' },
      constraints: [],
    });
    const event = await lastEvent();
    expect(event).toMatchObject({
      type: 'feature-strategy-update',
      environment: 'development',
      data: { parameters: { rollout: '75' } },
    });
    expect(event.preData.parameters.rollout).toBe('25');
    const kept = await call('PUT', `${DEV}/strategies/${rollout}`, {
      parameters: { rollout: '60', stickiness: 'userId', groupId: 'g' },
    });
    expect(kept.body).toMatchObject({ name: 'flexibleRollout', parameters: { rollout: '60', groupId: 'g' } });
    await refused('PUT', `${DEV}/strategies/${rollout}`, { name: 'nope', parameters: {} }, 400);
    await refused('PUT', `${DEV}/strategies/${rollout}`, { parameters: { rollout: '200' } }, 400);
    await refused('PUT', `${DEV}/strategies/00000000-0000-0000-0000-000000000000`, { name: 'default' }, 404);
  });

  it('patches a strategy with a JSON patch, validating the result', async () => {
    const patched = await call('PATCH', `${DEV}/strategies/${rollout}`, [
      { op: 'replace', path: '/parameters/rollout', value: '10' },
    ]);
    expect(patched.status).toBe(200);
    expect(keys(patched.body)).toEqual(UPDATED);
    expect(patched.body.parameters).toEqual({ rollout: '10', stickiness: 'userId', groupId: 'g' });
    const constrained = await call('PATCH', `${DEV}/strategies/${rollout}`, [
      { op: 'add', path: '/constraints/-', value: { contextName: 'environment', operator: 'NOT_IN', values: ['qa'] } },
      { op: 'test', path: '/name', value: 'flexibleRollout' },
    ]);
    expect(constrained.body.constraints).toEqual([
      { contextName: 'environment', operator: 'NOT_IN', values: ['qa'], inverted: false, caseInsensitive: false },
    ]);
    const path = `${DEV}/strategies/${rollout}`;
    await refused('PATCH', path, [{ op: 'replace', path: '/parameters/rollout', value: '500' }], 400);
    await refused('PATCH', path, [{ op: 'add', path: '/constraints/0/values', value: [] }], 400);
    await refused('PATCH', path, [{ op: 'replace', path: '/id', value: 'x' }], 400);
    await refused('PATCH', path, [{ op: 'add', path: '/sortOrder', value: 3 }], 400);
    await refused('PATCH', path, [{ op: 'test', path: '/name', value: 'default' }], 400);
    await refused('PATCH', path, [{ op: 'frobnicate', path: '/name' }], 400);
    await refused('PATCH', path, [{ op: 'remove', path: '/parameters/nothing' }], 400);
    await refused(
      'PATCH',
      `${DEV}/strategies/00000000-0000-0000-0000-000000000000`,
      [{ op: 'replace', path: '/name', value: 'default' }],
      404,
    );
  });

  it('reorders strategies; every id must be one of the toggle environment', async () => {
    const [first, second, third] = await strategiesIn(DEV);
    const order = [
      { id: third.id, sortOrder: 0 },
      { id: first.id, sortOrder: 1 },
      { id: second.id, sortOrder: 2 },
    ];
    const response = await call('POST', `${DEV}/strategies/set-sort-order`, order);
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect((await strategiesIn(DEV)).map((s) => s.id)).toEqual([third.id, first.id, second.id]);
    const event = await lastEvent();
    expect(event).toMatchObject({ type: 'strategy-order-changed', environment: 'development', data: order });
    expect(event.preData).toEqual([
      { id: first.id, sortOrder: 0 },
      { id: second.id, sortOrder: 1 },
      { id: third.id, sortOrder: 2 },
    ]);
    const foreign = (await strategiesIn(`${BASE}/environments/production`))[0].id;
    const path = `${DEV}/strategies/set-sort-order`;
    const refusal = await refused(
      'POST',
      path,
      [
        { id: first.id, sortOrder: 2 },
        { id: foreign, sortOrder: 0 },
      ],
      400,
    );
    expect(refusal.body.details[0]).toMatchObject({
      message: `Strategy ${foreign} is not a strategy of env.toggle in environment development`,
      path: [1, 'id'],
    });
    await refused('POST', path, [{ id: 'not-a-uuid', sortOrder: 0 }], 400);
    await refused(
      'POST',
      path,
      [
        { id: first.id, sortOrder: 0 },
        { id: first.id, sortOrder: 1 },
      ],
      400,
    );
    await refused('POST', path, [{ id: first.id, sortOrder: -1 }], 400);
    // A new strategy goes after the others.
    const added = await call('POST', `${DEV}/strategies`, { name: 'default' });
    expect(added.body.sortOrder).toBe(3);
    expect((await strategiesIn(DEV)).at(-1)!.id).toBe(added.body.id);
  });

  it('keeps showing the default environment strategies in order in the classic API', async () => {
    const env = `${BASE}/environments/default`;
    const added = await call('POST', `${env}/strategies`, { name: 'userWithId', parameters: { userIds: 'a,b' } });
    const [original] = await strategiesIn(env);
    await call('POST', `${env}/strategies/set-sort-order`, [
      { id: added.body.id, sortOrder: 0 },
      { id: original.id, sortOrder: 1 },
    ]);
    const classic = await call('GET', 'api/admin/features/env.toggle');
    expect(classic.body.strategies.map((s: { name: string }) => s.name)).toEqual(['userWithId', 'default']);
  });

  it('deletes a strategy', async () => {
    const [first] = await strategiesIn(DEV);
    const deleted = await call('DELETE', `${DEV}/strategies/${first.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await strategiesIn(DEV)).map((s) => s.id)).not.toContain(first.id);
    expect(await lastEvent()).toMatchObject({
      type: 'feature-strategy-remove',
      environment: 'development',
      data: null,
      preData: { id: first.id },
    });
    await refused('DELETE', `${DEV}/strategies/${first.id}`, undefined, 404, {
      message: `Could not find strategy with id=${first.id}`,
    });
  });
});

describe('per-environment on/off', () => {
  it('turns an environment on and off with an event naming it', async () => {
    const on = await call('POST', `${DEV}/on`);
    expect(on.status).toBe(200);
    expect(on.text).toBe('');
    expect(on.headers.get('etag')).toBe(`"${await versionOf()}"`);
    expect((await call('GET', DEV)).body.enabled).toBe(true);
    const project = await call('GET', BASE);
    expect(project.body.environments.find((e: { name: string }) => e.name === 'development').enabled).toBe(true);
    expect(await lastEvent()).toMatchObject({
      type: 'feature-environment-enabled',
      environment: 'development',
      project: 'default',
      data: { name: 'env.toggle', environment: 'development', enabled: true },
      preData: { enabled: false },
    });
    const off = await call('POST', `${DEV}/off`);
    expect(off.status).toBe(200);
    expect((await call('GET', DEV)).body.enabled).toBe(false);
    expect((await lastEvent()).type).toBe('feature-environment-disabled');
  });

  it('refuses to enable an environment without strategies', async () => {
    const production = `${BASE}/environments/production`;
    for (const s of await strategiesIn(production)) await call('DELETE', `${production}/strategies/${s.id}`);
    const version = await versionOf();
    const response = await call('POST', `${production}/on`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: 'You can not enable the environment before it has strategies',
      details: [{ message: 'You can not enable the environment before it has strategies' }],
    });
    expect((await call('GET', production)).body.enabled).toBe(false);
    expect(await versionOf()).toBe(version);
    expect((await call('POST', `${production}/off`)).status).toBe(200);
  });

  it('answers 404 for unknown toggles and environments, and environments the project does not have', async () => {
    for (const [path, message] of [
      [`${BASE}/environments/nope/on`, 'Could not find environment with name: nope'],
      [
        'api/admin/projects/default/features/nope/environments/development/on',
        'Could not find feature toggle with name nope in project default',
      ],
      [
        'api/admin/projects/mobile/features/mobile.toggle/environments/production/on',
        'Could not find environment production for feature: mobile.toggle (the environment is not enabled in project mobile)',
      ],
    ]) {
      const response = await call('POST', path);
      expect(response.status, path).toBe(404);
      expect(response.body).toMatchObject({ name: 'NotFoundError', message });
    }
  });
});

describe('permissions', () => {
  it('lets a Viewer read but not change environments and strategies; an Editor may', async () => {
    const [strategy] = await strategiesIn(DEV);
    expect((await call('GET', DEV, undefined, viewer)).status).toBe(200);
    expect((await call('GET', `${DEV}/strategies`, undefined, viewer)).status).toBe(200);
    expect((await call('GET', `${DEV}/strategies/${strategy.id}`, undefined, viewer)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', `${DEV}/on`, undefined],
      ['POST', `${DEV}/off`, undefined],
      ['POST', `${DEV}/strategies`, { name: 'default' }],
      ['PUT', `${DEV}/strategies/${strategy.id}`, { name: 'default' }],
      ['PATCH', `${DEV}/strategies/${strategy.id}`, [{ op: 'replace', path: '/name', value: 'default' }]],
      ['DELETE', `${DEV}/strategies/${strategy.id}`, undefined],
      ['POST', `${DEV}/strategies/set-sort-order`, [{ id: strategy.id, sortOrder: 0 }]],
    ] as const) {
      const response = await call(method, path, body, viewer);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toMatchObject({ name: 'NoAccessError', permission: 'UPDATE_FEATURE' });
    }
    expect((await call('GET', `${DEV}/strategies/${strategy.id}`)).status).toBe(200);
    expect((await call('POST', `${DEV}/strategies`, { name: 'default' }, editor)).status).toBe(200);
    expect((await call('POST', `${DEV}/on`, undefined, editor)).status).toBe(200);
  });
});
