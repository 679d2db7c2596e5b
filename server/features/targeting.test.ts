import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useServer, viewer } from '../test-support/fixture.ts';

// Targeting in the admin API of toggles: constraint operators, strategy segments and variants, dependencies,
// impressionData, UTF-8 names and stored weights.

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body, contentType: 'application/json' });
const P = 'api/admin/projects/default/features';
const DEV = `${P}/target.toggle/environments/development/strategies`;
const eventsOf = async (name: string) =>
  (await call('GET', `api/admin/events/${encodeURIComponent(name)}`)).body.events as Array<Record<string, unknown>>;

/** A refused call: the status and the first detail's message and path; the toggle and its events untouched. */
async function refused(method: string, path: string, body: unknown, status: number, detail: object, toggle: string) {
  const read = `${P}/${encodeURIComponent(toggle)}`;
  const before = (await call('GET', read)).body;
  const events = (await eventsOf(toggle)).length;
  const response = await call(method, path, body);
  expect(response.status, response.text).toBe(status);
  expect(response.body.details[0]).toMatchObject(detail);
  expect((await call('GET', read)).body).toEqual(before);
  expect(await eventsOf(toggle)).toHaveLength(events);
}

useServer({ users: true });
beforeAll(async () => {
  await call('POST', 'api/admin/projects', { id: 'other', name: 'Other' });
  for (const name of ['target.toggle', 'parent.toggle', 'child.toggle', 'grandchild.toggle']) {
    expect((await call('POST', P, { name })).status).toBe(201);
  }
  expect((await call('POST', 'api/admin/projects/other/features', { name: 'elsewhere.toggle' })).status).toBe(201);
});

describe('constraints', () => {
  const constraints = [
    { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true },
    { contextName: 'age', operator: 'NUM_GTE', value: '18' },
    { contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2030-01-01T00:00:00.000Z', inverted: true },
    { contextName: 'version', operator: 'SEMVER_GT', value: '1.2.3' },
    { contextName: 'userId', operator: 'REGEX', value: '^user-\\d+$' },
    { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8'] },
    { contextName: 'appName', operator: 'NOT_IN', values: ['web'] },
  ];
  const served = constraints.map((c) => ({ values: [], inverted: false, caseInsensitive: false, ...c }));

  it('stores every operator as sent and serves values, inverted and caseInsensitive always', async () => {
    const added = await call('POST', DEV, { name: 'default', constraints });
    expect(added.status, added.text).toBe(200);
    expect(added.body.constraints).toEqual(served);
    const read = await call('GET', `${DEV}/${added.body.id}`);
    expect(read.body.constraints).toEqual(served);
    expect(read.body.constraints[1]).not.toHaveProperty('values', ['18']);
    const classic = await call('GET', 'api/admin/features/target.toggle');
    expect(classic.body.strategies).toHaveLength(1); // the default environment's own strategy
    await call('DELETE', `${DEV}/${added.body.id}`);
  });

  it('refuses a bad value, an unknown operator and a missing value, naming the field, through every call', async () => {
    const base = { contextName: 'version', operator: 'SEMVER_EQ', value: '1.2.3' };
    /** A new strategy in development with these constraints: refused with a 400 whose first detail is `detail`. */
    const refusedConstraints = (constraints: object[], detail: object) =>
      refused('POST', DEV, { name: 'default', constraints }, 400, detail, 'target.toggle');
    await refusedConstraints([base, { ...base, value: '1.2' }], {
      message: 'Enter a semantic version, such as 1.2.3 or 2.0.0-beta.1',
      path: ['constraints', 1, 'value'],
    });
    await refusedConstraints([{ contextName: 'n', operator: 'NUM_EQ' }], {
      message: 'Enter a value',
      path: ['constraints', 0, 'value'],
    });
    await refusedConstraints([{ contextName: 'd', operator: 'DATE_AFTER', value: 'tomorrow' }], {
      path: ['constraints', 0, 'value'],
    });
    await refusedConstraints([{ contextName: 'u', operator: 'REGEX', value: '([a-z' }], {
      message: 'Enter a valid regular expression',
    });
    const unknown = await call('POST', DEV, { name: 'default', constraints: [{ ...base, operator: 'LIKE' }] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.details)).toContain('operator');
    await refusedConstraints([{ contextName: 'env', operator: 'IN', values: [] }], {
      message: 'You need to specify at least one value',
      path: ['constraints', 0, 'values'],
    });
    const [strategy] = (await call('GET', DEV)).body;
    await refused(
      'PATCH',
      `${DEV}/${strategy.id}`,
      [{ op: 'add', path: '/constraints/-', value: { contextName: 'ip', operator: 'IN_CIDR', values: ['1.2.3'] } }],
      400,
      { path: ['constraints', 0, 'values'] },
      'target.toggle',
    );
    await refused(
      'PUT',
      'api/admin/features/target.toggle',
      { name: 'target.toggle', strategies: [{ name: 'default', constraints: [{ ...base, value: 'x' }] }] },
      400,
      { path: ['strategies', 0, 'constraints', 0, 'value'] },
      'target.toggle',
    );
  });
});

describe('strategy variants and segments', () => {
  let global: number;
  let own: number;
  let foreign: number;

  beforeAll(async () => {
    const segment = async (name: string, project?: string) => {
      const created = await call('POST', 'api/admin/segments', { name, project, constraints: [] });
      expect(created.status, created.text).toBe(201);
      return created.body.id as number;
    };
    global = await segment('everyone');
    own = await segment('default-only', 'default');
    foreign = await segment('other-only', 'other');
  });

  it('stores variants (rebalanced to 1000) and segments with the strategy and serves them', async () => {
    const added = await call('POST', DEV, {
      name: 'flexibleRollout',
      parameters: { rollout: '100' },
      segments: [own, global],
      variants: [
        { name: 'a', payload: { type: 'number', value: '42' } },
        { name: 'b', weight: 100, weightType: 'fix', stickiness: 'userId' },
        { name: 'c' },
      ],
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.segments).toEqual([global, own].sort((x, y) => x - y));
    expect(added.body.variants.map((v: { name: string; weight: number }) => [v.name, v.weight])).toEqual([
      ['a', 450],
      ['b', 100],
      ['c', 450],
    ]);
    expect(added.body.variants[0].payload).toEqual({ type: 'number', value: '42' });
    const project = (await call('GET', `${P}/target.toggle`)).body;
    const development = project.environments.find((e: { name: string }) => e.name === 'development');
    expect(development.strategies.at(-1)).toMatchObject({
      segments: added.body.segments,
      variants: added.body.variants,
    });
    expect((await eventsOf('target.toggle'))[0]).toMatchObject({ type: 'feature-strategy-add', data: added.body });

    // PUT without segments and variants keeps them; with them, replaces them; PATCH goes through the same rule.
    const put = await call('PUT', `${DEV}/${added.body.id}`, { name: 'flexibleRollout', parameters: { rollout: '5' } });
    expect(put.body).toMatchObject({ segments: added.body.segments, variants: added.body.variants });
    const patched = await call('PATCH', `${DEV}/${added.body.id}`, [
      { op: 'replace', path: '/segments', value: [global] },
      { op: 'remove', path: '/variants/2' },
    ]);
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.segments).toEqual([global]);
    expect(patched.body.variants.map((v: { weight: number }) => v.weight)).toEqual([900, 100]);
    const rows = await server.sql(
      `select segment_id from feature_strategy_segments where strategy_id = '${added.body.id}'`,
    );
    expect(rows).toEqual([{ segment_id: global }]);
  });

  it('refuses unknown and foreign segments, too many, and bad variants', async () => {
    const post = (body: object, detail: object) =>
      refused('POST', DEV, { name: 'default', ...body }, 400, detail, 'target.toggle');
    await post({ segments: [9999] }, { message: 'The segment with id 9999 does not exist', path: ['segments', 0] });
    await post({ segments: [global, foreign] }, { path: ['segments', 1] });
    await post({ segments: [global, global] }, { path: ['segments', 1] });
    await post(
      { variants: [{ name: 'x', payload: { type: 'number', value: 'ten' } }] },
      {
        path: ['variants', 0, 'payload', 'value'],
      },
    );
    await post({ variants: [{ name: 'x', overrides: [] }] }, { path: ['variants', 0, 'overrides'] });
    await post({ variants: [{ name: 'x' }, { name: 'x' }] }, { path: ['variants', 1, 'name'] });
    const many = [];
    for (let i = 0; i < 6; i++) {
      many.push((await call('POST', 'api/admin/segments', { name: `many-${i}`, constraints: [] })).body.id);
    }
    const tooMany = await call('POST', DEV, { name: 'default', segments: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      name: 'ExceedsLimitError',
      message: 'Segment limit of 5 reached for this strategy',
    });
    // The toggle's number payloads must parse too.
    const variants = `${P}/target.toggle/variants`;
    const bad = await call('PUT', variants, [{ name: 'n', payload: { type: 'number', value: '1,5' } }]);
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toEqual(['variants', 0, 'payload', 'value']);
    const good = await call('PUT', variants, [{ name: 'n', payload: { type: 'number', value: '-1.5' } }]);
    expect(good.status, good.text).toBe(200);
  });
});

describe('stored variant weights', () => {
  it('serves the weights as stored (what the admin API creates totals 1000; other totals are read as they are)', async () => {
    // State written elsewhere (the import of another Unleash's export, or the specification's files) keeps its totals.
    const variants = [
      { name: 'a', weight: 33, weightType: 'variable', stickiness: 'default', overrides: [] },
      { name: 'b', weight: 33, weightType: 'variable', stickiness: 'default', overrides: [] },
      { name: 'c', weight: 34, weightType: 'variable', stickiness: 'default', overrides: [] },
    ];
    const imported = await call('POST', 'api/admin/features-batch/import', {
      project: 'default',
      environment: 'development',
      data: {
        features: [{ name: 'weights.toggle', type: 'release' }],
        featureStrategies: [{ name: 'default', featureName: 'weights.toggle' }],
        featureEnvironments: [{ name: 'weights.toggle', enabled: true, variants }],
      },
    });
    expect(imported.status, imported.text).toBeLessThan(300);
    expect((await call('GET', `${P}/weights.toggle`)).body.variants).toMatchObject(variants);
    expect((await call('GET', 'api/admin/features/weights.toggle')).body.variants).toMatchObject(variants);
    const sync = (await call('GET', 'api/admin/sync/features')).body.features;
    expect(sync.find((f: { name: string }) => f.name === 'weights.toggle').variants).toMatchObject(variants);
  });
});

describe('impressionData', () => {
  it('is set on create, PUT and PATCH (project and classic API) and served on every toggle answer', async () => {
    const created = await call('POST', P, { name: 'impressed.toggle', impressionData: true });
    expect(created.body.impressionData).toBe(true);
    expect((await call('GET', `${P}/impressed.toggle`)).body.impressionData).toBe(true);
    const put = await call('PUT', `${P}/impressed.toggle`, { name: 'impressed.toggle', impressionData: false });
    expect(put.body.impressionData).toBe(false);
    const patched = await call('PATCH', `${P}/impressed.toggle`, [
      { op: 'replace', path: '/impressionData', value: true },
    ]);
    expect(patched.body.impressionData).toBe(true);
    expect((await eventsOf('impressed.toggle'))[0]).toMatchObject({
      type: 'feature-metadata-updated',
      data: { impressionData: true },
      preData: { impressionData: false },
    });
    const classic = await call('PUT', 'api/admin/features/impressed.toggle', {
      name: 'impressed.toggle',
      impressionData: false,
    });
    expect(classic.body.impressionData).toBe(false);
    const bad = await call('PATCH', `${P}/impressed.toggle`, [
      { op: 'replace', path: '/impressionData', value: 'yes' },
    ]);
    expect(bad.status).toBe(400);
    const list = (await call('GET', 'api/admin/features')).body.features;
    expect(list.find((f: { name: string }) => f.name === 'impressed.toggle').impressionData).toBe(false);
    expect(list.find((f: { name: string }) => f.name === 'target.toggle').impressionData).toBe(false);
  });
});

describe('dependencies', () => {
  const DEPS = `${P}/child.toggle/dependencies`;

  it('adds a parent, shows it on both toggles and the sync, and removes it with events', async () => {
    await call('PUT', `${P}/parent.toggle/variants`, [{ name: 'blue' }, { name: 'red' }]);
    const added = await call('POST', DEPS, { feature: 'parent.toggle', variants: ['blue'] });
    expect(added.status, added.text).toBe(200);
    const child = (await call('GET', `${P}/child.toggle`)).body;
    expect(child).toMatchObject({
      dependencies: [{ feature: 'parent.toggle', enabled: true, variants: ['blue'] }],
      children: [],
    });
    expect((await call('GET', `${P}/parent.toggle`)).body).toMatchObject({
      dependencies: [],
      children: ['child.toggle'],
    });
    const sync = (await call('GET', 'api/admin/sync/features')).body.features;
    expect(sync.find((f: { name: string }) => f.name === 'child.toggle').dependencies).toEqual(child.dependencies);
    expect((await eventsOf('child.toggle'))[0]).toMatchObject({
      type: 'feature-dependency-added',
      featureName: 'child.toggle',
      project: 'default',
      data: { feature: 'parent.toggle', enabled: true, variants: ['blue'] },
    });

    // A new parent replaces the old one (at most one), here with the parent required off.
    expect((await call('POST', DEPS, { feature: 'target.toggle', enabled: false })).status).toBe(200);
    expect((await call('GET', `${P}/child.toggle`)).body.dependencies).toEqual([
      { feature: 'target.toggle', enabled: false, variants: [] },
    ]);
    expect((await call('DELETE', `${DEPS}/parent.toggle`)).status).toBe(404);
    expect((await call('DELETE', `${DEPS}/target.toggle`)).status).toBe(200);
    expect((await eventsOf('child.toggle'))[0]).toMatchObject({
      type: 'feature-dependency-removed',
      preData: [{ feature: 'target.toggle', enabled: false, variants: [] }],
    });
    expect((await call('POST', DEPS, { feature: 'parent.toggle' })).status).toBe(200);
    expect((await call('DELETE', DEPS)).status).toBe(200);
    expect((await eventsOf('child.toggle'))[0]).toMatchObject({ type: 'feature-dependencies-removed' });
    expect((await call('GET', `${P}/child.toggle`)).body.dependencies).toEqual([]);
  });

  it('refuses itself, other projects, unknown parents and variants and unknown fields, changing nothing', async () => {
    const post = (body: object, status: number, detail: object) =>
      refused('POST', DEPS, body, status, detail, 'child.toggle');
    await post({ feature: 'child.toggle' }, 400, { message: 'A feature toggle cannot depend on itself' });
    await post({ feature: 'elsewhere.toggle' }, 400, { path: ['feature'] });
    await post({ feature: 'nope.toggle' }, 404, {});
    await post({ feature: 'parent.toggle', variants: ['green'] }, 400, { path: ['variants', 0] });
    await post({ feature: 'parent.toggle', enabled: false, variants: ['blue'] }, 400, { path: ['variants'] });
    await post({ feature: 'parent.toggle', other: 1 }, 400, {});
  });

  it('keeps one level: a child cannot be a parent, a parent cannot get a parent', async () => {
    expect((await call('POST', DEPS, { feature: 'parent.toggle' })).status).toBe(200);
    const chain = await call('POST', `${P}/grandchild.toggle/dependencies`, { feature: 'child.toggle' });
    expect(chain.status).toBe(400);
    expect(chain.body.details[0].message).toContain('child.toggle depends on parent.toggle');
    const up = await call('POST', `${P}/parent.toggle/dependencies`, { feature: 'target.toggle' });
    expect(up.status).toBe(400);
    expect(up.body.message).toContain('parent.toggle is the parent of child.toggle');
  });

  it('refuses to archive a parent with live children, naming them; an archived parent cannot be chosen', async () => {
    const archive = await call('DELETE', `${P}/parent.toggle`);
    expect(archive.status).toBe(400);
    expect(archive.body.message).toContain('child.toggle depends on it');
    expect((await call('DELETE', 'api/admin/features/parent.toggle')).status).toBe(400);
    expect((await call('GET', `${P}/parent.toggle`)).body.archived).toBe(false);
    const moved = await call('POST', `${P}/child.toggle/changeProject`, { newProjectId: 'other' });
    expect(moved.status).toBe(400);
    // Once the child is archived, the parent can be archived, and then cannot be chosen.
    expect((await call('DELETE', `${P}/child.toggle`)).status).toBe(202);
    expect((await call('DELETE', `${P}/parent.toggle`)).status).toBe(202);
    const archived = await call('POST', `${P}/grandchild.toggle/dependencies`, { feature: 'parent.toggle' });
    expect(archived.status).toBe(400);
    expect(archived.body.details[0].message).toContain('archived');
  });
});

describe('UTF-8 names', () => {
  it('creates, reads, flips and archives toggles named as the specification names them', async () => {
    for (const name of ['Feature.UTF-8.Hellø_Wørld', 'Feature.UTF-8.😊_φriend_你好_🌍']) {
      const path = `${P}/${encodeURIComponent(name)}`;
      expect((await call('POST', 'api/admin/features/validate', { name })).status).toBe(200);
      const created = await call('POST', P, { name });
      expect(created.status, created.text).toBe(201);
      expect((await call('GET', path)).body.name).toBe(name);
      expect((await call('GET', `api/admin/features/${encodeURIComponent(name)}`)).body.name).toBe(name);
      expect((await call('POST', `${path}/environments/development/on`)).status).toBe(200);
      const state = (await call('GET', `${path}/environments/development`)).body;
      expect(state).toMatchObject({ name, enabled: true });
      expect((await call('POST', `api/admin/features/${encodeURIComponent(name)}/toggle`)).status).toBe(200);
      expect((await call('DELETE', path)).status).toBe(202);
      const archived = (await call('GET', 'api/admin/archive/features')).body.features;
      expect(archived.map((f: { name: string }) => f.name)).toContain(name);
    }
  });

  it('refuses names that break URLs', async () => {
    for (const name of ['a/b', 'a?b', 'a#b', '100%', 'a b', 'tab\there', '..', 'x'.repeat(101)]) {
      const response = await call('POST', P, { name });
      expect(response.status, name).toBe(400);
      expect(response.body.details[0].path).toEqual(['name']);
    }
  });
});

describe('permissions', () => {
  it('needs UPDATE_FEATURE in the project for dependencies', async () => {
    const response = await call('POST', `${P}/grandchild.toggle/dependencies`, { feature: 'target.toggle' }, viewer);
    expect(response.status).toBe(403);
    expect((await call('GET', `${P}/grandchild.toggle`)).body.dependencies).toEqual([]);
  });
});
