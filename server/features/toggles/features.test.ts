import { describe, expect, it } from 'vitest';
import { admin, editor, server, useServer, viewer } from '../../test-support/fixture.ts';
import { expectError } from '../../test-support/answers.ts';

// Key sets of Unleash 4.2.2's answers (reference catalog records 039, 047, 051, 064, 068, 072, 067, 104), plus the
// toggle's `version` (our addition for conditional writes: If-Match / ETag).
const METADATA = [
  'createdAt',
  'description',
  'impressionData',
  'lastSeenAt',
  'name',
  'project',
  'stale',
  'type',
  'variants',
  'version',
];
const LIST_ITEM = [...METADATA, 'enabled', 'strategies'].sort();
const ONE = [...METADATA, 'archived', 'enabled', 'strategies'].sort();
const STRATEGY = ['constraints', 'id', 'name', 'parameters', 'segments', 'variants'];
const STRATEGY_ONE = [...STRATEGY, 'sortOrder'].sort();
const PROJECT_ONE = [...METADATA, 'archived', 'children', 'dependencies', 'environments'].sort();
const OVERVIEW = ['createdAt', 'environments', 'lastSeenAt', 'name', 'stale', 'type', 'version'];
/** What a user reads (GET) also says whether that user pinned the toggle (favorites.test.ts). */
const read = (fields: string[]) => [...fields, 'favorite'].sort();
const keys = (o: object) => Object.keys(o).sort();

const demo = {
  name: 'demo.toggle',
  description: 'Demo toggle',
  type: 'release',
  project: 'default',
  enabled: false,
  strategies: [
    {
      name: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default', groupId: 'demo.toggle' },
      constraints: [{ contextName: 'environment', operator: 'IN', values: ['production'] }],
    },
  ],
  variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', overrides: [] }],
};

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });
const json = (method: string, path: string, cookie = admin) =>
  server.call(method, path, { cookie, contentType: 'application/json' });
const eventsOf = async (name: string) => (await call('GET', `api/admin/events/${name}`)).body.events;

useServer({ users: true });

describe('classic toggle API', () => {
  it('validates names: URL friendly, length, unique', async () => {
    expect((await call('POST', 'api/admin/features/validate', { name: 'demo.toggle' })).status).toBe(200);
    const bad = await call('POST', 'api/admin/features/validate', { name: 'bad name/with space' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      isJoi: true,
      details: [
        {
          message: '"name" must be URL friendly: no /, \\, ?, #, %, spaces or control characters, and not . or ..',
          path: ['name'],
        },
      ],
    });
    expect((await call('POST', 'api/admin/features/validate', { name: '' })).status).toBe(400);
    expect((await call('POST', 'api/admin/features/validate', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await call('POST', 'api/admin/features/validate', {})).body.details[0].path).toEqual(['name']);
  });

  it('creates a toggle with strategies in default and the default strategy elsewhere', async () => {
    const created = await call('POST', 'api/admin/features', demo);
    expect(created.status).toBe(201);
    expect(keys(created.body)).toEqual(LIST_ITEM);
    expect(created.body).toMatchObject({
      name: 'demo.toggle',
      enabled: false,
      stale: false,
      lastSeenAt: null,
      variants: demo.variants,
    });
    expect(keys(created.body.strategies[0])).toEqual(STRATEGY);
    expect(created.body.strategies[0].parameters).toEqual(demo.strategies[0].parameters);

    const project = await call('GET', 'api/admin/projects/default/features/demo.toggle');
    expect(keys(project.body)).toEqual(read(PROJECT_ONE));
    expect(
      project.body.environments.map((e: { name: string; strategies: { name: string }[] }) => [
        e.name,
        e.strategies.map((s) => s.name),
      ]),
    ).toEqual([
      ['default', ['flexibleRollout']],
      ['development', ['default']],
      ['production', ['default']],
    ]);
    expect(keys(project.body.environments[0])).toEqual(['enabled', 'name', 'sortOrder', 'strategies', 'type']);

    const events = await eventsOf('demo.toggle');
    expect(events[0]).toMatchObject({
      type: 'feature-created',
      project: 'default',
      featureName: 'demo.toggle',
      diffs: null,
    });
    expect(events[0].data).toMatchObject({ name: 'demo.toggle', enabled: false });
  });

  it('substitutes the default strategy when none is given (never a half-written toggle)', async () => {
    const created = await call('POST', 'api/admin/features', { name: 'demo.nostrat', type: 'release' });
    expect(created.status).toBe(201);
    expect(created.body.strategies).toEqual([
      { id: expect.any(String), name: 'default', constraints: [], parameters: {}, segments: [], variants: [] },
    ]);
  });

  it('refuses duplicates (also of archived toggles), invalid names, types, variants, bodies and projects without writing', async () => {
    const before = await server.sql('select count(*)::int as n from features');
    const duplicate = await call('POST', 'api/admin/features', demo);
    expectError(duplicate, 409, 'NameExistsError', 'A toggle with that name already exists', { isJoi: true });
    expect((await call('POST', 'api/admin/features', { ...demo, name: 'bad name' })).status).toBe(400);
    expect((await call('POST', 'api/admin/features', { name: 'x.type', type: 'nope' })).body.details[0].path).toEqual([
      'type',
    ]);
    const variant = await call('POST', 'api/admin/features', { name: 'x.v', variants: [{ name: 'x', weight: 5000 }] });
    expect(variant.status).toBe(400);
    expect(variant.body.details[0]).toMatchObject({
      message: '"variants[0].weight" must be less than or equal to 1000',
      path: ['variants', 0, 'weight'],
      context: { label: 'variants[0].weight', key: 'weight', value: 5000 },
    });
    const badStrategy = await call('POST', 'api/admin/features', { name: 'x.s', strategies: [{ name: 'nope' }] });
    expect(badStrategy.status).toBe(400);
    expect(badStrategy.body.details[0]).toMatchObject({
      message: 'The strategy definition "nope" does not exist',
      path: ['strategies', 0, 'name'],
    });
    expect((await call('POST', 'api/admin/features', {})).body.details[0].path).toEqual(['name']);
    const unknown = await call('POST', 'api/admin/features', { name: 'x.p', project: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Project with id nope does not exist');
    const form = await server.call('POST', 'api/admin/features', {
      cookie: admin,
      rawBody: 'name=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(await server.sql('select count(*)::int as n from features')).toEqual(before);
  });

  it('reads one toggle in the reference shape, 404 for an unknown one', async () => {
    const one = await call('GET', 'api/admin/features/demo.toggle');
    expect(one.status).toBe(200);
    expect(keys(one.body)).toEqual(read(ONE));
    expect(one.body.archived).toBe(false);
    expect(keys(one.body.strategies[0])).toEqual(STRATEGY_ONE);
    const missing = await call('GET', 'api/admin/features/does.not.exist');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find feature toggle with name does.not.exist',
    });
  });

  it('updates with PUT, keeping the ids of kept strategies', async () => {
    const before = (await call('GET', 'api/admin/features/demo.toggle')).body;
    const strategies = [before.strategies[0], { name: 'userWithId', parameters: { userIds: 'a,b' } }];
    const put = await call('PUT', 'api/admin/features/demo.toggle', {
      ...demo,
      description: 'Updated via PUT',
      strategies,
    });
    expect(put.status).toBe(200);
    expect(keys(put.body)).toEqual(ONE);
    expect(put.body.description).toBe('Updated via PUT');
    expect(put.body.strategies.map((s: { name: string }) => s.name)).toEqual(['flexibleRollout', 'userWithId']);
    expect(put.body.strategies[0].id).toBe(before.strategies[0].id);
    const [event] = await eventsOf('demo.toggle');
    expect(event.type).toBe('feature-updated');
    expect(event.diffs).toContainEqual({
      kind: 'E',
      path: ['description'],
      lhs: 'Demo toggle',
      rhs: 'Updated via PUT',
    });

    expect((await call('PUT', 'api/admin/features/demo.toggle', { ...demo, strategies: [] })).body.message).toBe(
      'You must add at least one activation strategy',
    );
    expect((await call('PUT', 'api/admin/features/demo.toggle', { ...demo, name: 'other' })).status).toBe(400);
    expect((await call('PUT', 'api/admin/features/demo.toggle', { ...demo, project: 'other' })).status).toBe(400);
    expect((await call('PUT', 'api/admin/features/nope', { ...demo, name: 'nope' })).status).toBe(404);
    expect((await call('GET', 'api/admin/features/demo.toggle')).body.description).toBe('Updated via PUT');
  });

  it('turns the default environment on, off and flips it', async () => {
    const on = await json('POST', 'api/admin/features/demo.toggle/toggle/on');
    expect(on.status).toBe(200);
    expect(keys(on.body)).toEqual(METADATA);
    expect((await call('GET', 'api/admin/features/demo.toggle')).body.enabled).toBe(true);
    await json('POST', 'api/admin/features/demo.toggle/toggle');
    expect((await call('GET', 'api/admin/features/demo.toggle')).body.enabled).toBe(false);
    await json('POST', 'api/admin/features/demo.toggle/toggle/on');
    await json('POST', 'api/admin/features/demo.toggle/toggle/off');
    expect((await call('GET', 'api/admin/features/demo.toggle')).body.enabled).toBe(false);
    const [event] = await eventsOf('demo.toggle');
    expect(event).toMatchObject({
      type: 'feature-updated',
      environment: 'default',
      diffs: [{ kind: 'E', path: ['enabled'], lhs: true, rhs: false }],
    });
    expect((await json('POST', 'api/admin/features/does.not.exist/toggle/on')).status).toBe(404);
    expect(
      (
        await server.call('POST', 'api/admin/features/demo.toggle/toggle/on', {
          cookie: admin,
          rawBody: 'x',
          contentType: 'text/plain',
        })
      ).status,
    ).toBe(415);
  });

  it('marks stale and active', async () => {
    const on = await json('POST', 'api/admin/features/demo.toggle/stale/on');
    expect(on.status).toBe(200);
    expect(keys(on.body)).toEqual(ONE);
    expect(on.body.stale).toBe(true);
    const off = await json('POST', 'api/admin/features/demo.toggle/stale/off');
    expect(off.body.stale).toBe(false);
    const [offEvent, onEvent] = await eventsOf('demo.toggle');
    expect(offEvent).toMatchObject({
      type: 'feature-stale-off',
      diffs: [{ kind: 'E', path: ['stale'], lhs: true, rhs: false }],
    });
    expect(onEvent.type).toBe('feature-stale-on');
  });

  it('lists toggles sorted by name, filtered by tag, name prefix and project', async () => {
    await call('POST', 'api/admin/features', { name: 'a.first' });
    const list = await call('GET', 'api/admin/features');
    expect(list.body.version).toBe(1);
    expect(list.body.features.map((f: { name: string }) => f.name)).toEqual(['a.first', 'demo.nostrat', 'demo.toggle']);
    expect(keys(list.body.features[0])).toEqual(read(LIST_ITEM));
    expect(keys(list.body.features[0].strategies[0])).toEqual(STRATEGY);
    const prefix = await call('GET', 'api/admin/features?namePrefix=demo');
    expect(prefix.body.features.map((f: { name: string }) => f.name)).toEqual(['demo.nostrat', 'demo.toggle']);
    expect((await call('GET', 'api/admin/features?namePrefix=%25')).body.features).toEqual([]);
    expect((await call('GET', 'api/admin/features?project=nope')).body.features).toEqual([]);
    expect((await call('GET', 'api/admin/features?project=default&project=x')).body.features).toHaveLength(3);
    expect((await call('GET', 'api/admin/features?tag=bad')).status).toBe(400);
  });
});

describe('tags on toggles', () => {
  it('adds, lists, refuses duplicates and bad tags, filters and removes', async () => {
    expect((await call('GET', 'api/admin/features/demo.toggle/tags')).body).toEqual({ version: 1, tags: [] });
    const added = await call('POST', 'api/admin/features/demo.toggle/tags', { type: 'simple', value: 'team-red' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ type: 'simple', value: 'team-red' });
    const duplicate = await call('POST', 'api/admin/features/demo.toggle/tags', { type: 'simple', value: 'team-red' });
    expectError(duplicate, 409, 'FeatureHasTagError', 'demo.toggle already had the tag: [simple:team-red]', {
      isJoi: true,
    });
    const short = await call('POST', 'api/admin/features/demo.toggle/tags', { type: 'simple', value: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.details[0]).toMatchObject({
      message: '"value" length must be at least 2 characters long',
      path: ['value'],
    });
    expect(
      (await call('POST', 'api/admin/features/demo.toggle/tags', { type: 'nosuchtype', value: 'xy' })).status,
    ).toBe(404);
    expect((await call('POST', 'api/admin/features/nope/tags', { value: 'xy' })).status).toBe(404);
    expect((await call('GET', 'api/admin/features/demo.toggle/tags')).body.tags).toEqual([
      { value: 'team-red', type: 'simple' },
    ]);
    expect((await call('GET', 'api/admin/tags')).body).toEqual({
      version: 1,
      tags: [{ type: 'simple', value: 'team-red' }],
    });
    const tagged = await call('GET', 'api/admin/features?tag=simple:team-red');
    expect(tagged.body.features.map((f: { name: string }) => f.name)).toEqual(['demo.toggle']);
    expect((await eventsOf('demo.toggle'))[0]).toMatchObject({
      type: 'feature-tagged',
      data: { tag: { type: 'simple', value: 'team-red' } },
    });

    await call('POST', 'api/admin/features/a.first/tags', { value: 'temp' });
    expect((await call('DELETE', 'api/admin/features/a.first/tags/simple/temp')).status).toBe(200);
    expect((await call('GET', 'api/admin/features/a.first/tags')).body.tags).toEqual([]);
    expect((await call('DELETE', 'api/admin/features/a.first/tags/simple/temp')).status).toBe(404);
    expect((await eventsOf('a.first'))[0].type).toBe('feature-untagged');
  });
});

describe('project-scoped toggle API', () => {
  it('creates, reads, lists, updates and patches', async () => {
    const created = await call('POST', 'api/admin/projects/default/features', {
      name: 'proj.toggle',
      description: 'created via project API',
      type: 'experiment',
    });
    expect(created.status).toBe(201);
    expect(keys(created.body)).toEqual(METADATA);
    expect(created.body).toMatchObject({ type: 'experiment', project: 'default', variants: null });
    expect((await call('POST', 'api/admin/projects/default/features', { name: 'proj.toggle' })).status).toBe(409);
    expect((await call('POST', 'api/admin/projects/default/features', { name: 'bad name' })).status).toBe(400);
    const unknown = await call('POST', 'api/admin/projects/nope/features', { name: 'proj.nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Project with id nope does not exist');

    const one = await call('GET', 'api/admin/projects/default/features/proj.toggle');
    expect(keys(one.body)).toEqual(read(PROJECT_ONE));
    expect(
      one.body.environments.every((e: { strategies: { name: string }[] }) => e.strategies[0].name === 'default'),
    ).toBe(true);
    expect((await call('GET', 'api/admin/projects/default/features/does.not.exist')).status).toBe(404);
    expect((await call('GET', 'api/admin/projects/other/features/proj.toggle')).status).toBe(404);

    const list = await call('GET', 'api/admin/projects/default/features');
    expect(list.body.features.map((f: { name: string }) => f.name)).toEqual([
      'a.first',
      'demo.nostrat',
      'demo.toggle',
      'proj.toggle',
    ]);
    expect(keys(list.body.features[0])).toEqual(read(OVERVIEW));
    expect(keys(list.body.features[0].environments[0])).toEqual(['enabled', 'name', 'sortOrder', 'type']);

    const put = await call('PUT', 'api/admin/projects/default/features/proj.toggle', {
      name: 'proj.toggle',
      description: 'updated via PUT',
      type: 'experiment',
    });
    expect(put.status).toBe(200);
    expect(keys(put.body)).toEqual(METADATA);
    expect(put.body.description).toBe('updated via PUT');

    const patched = await call('PATCH', 'api/admin/projects/default/features/proj.toggle', [
      { op: 'replace', path: '/description', value: 'patched' },
      { op: 'replace', path: '/type', value: 'operational' },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ description: 'patched', type: 'operational' });
    expect((await eventsOf('proj.toggle'))[0].type).toBe('feature-metadata-updated');
    const stale = await call('PATCH', 'api/admin/projects/default/features/proj.toggle', [
      { op: 'replace', path: '/stale', value: true },
    ]);
    expect(stale.body.stale).toBe(true);
    expect((await eventsOf('proj.toggle'))[0].type).toBe('feature-stale-on');
  });

  it('rejects bad JSON patches without writing', async () => {
    for (const patch of [
      [{ op: 'replace', path: '/name', value: 'x' }],
      [{ op: 'remove', path: '/description' }],
      [{ op: 'replace', path: '/stale', value: 'yes' }],
      [{ op: 'replace', path: '/type', value: 'nope' }],
      [
        { op: 'replace', path: '/description', value: 'ok' },
        { op: 'replace', path: '/variants', value: [{ name: 'x', weight: 'y' }] },
      ],
      [{ op: 'replace', path: '/createdAt', value: 'x' }],
      { op: 'replace' },
      [],
    ]) {
      const response = await call('PATCH', 'api/admin/projects/default/features/proj.toggle', patch);
      expect(response.status, JSON.stringify(patch)).toBe(400);
      expect(response.body.details[0].message).toBeTruthy();
    }
    expect((await call('GET', 'api/admin/features/proj.toggle')).body.description).toBe('patched');
  });

  it('clones with groupId replaced (or kept) and refuses duplicates', async () => {
    const clone = await call('POST', 'api/admin/projects/default/features/demo.toggle/clone', { name: 'demo.clone' });
    expect(clone.status).toBe(201);
    expect(keys(clone.body)).toEqual(METADATA);
    const copy = await call('GET', 'api/admin/features/demo.clone');
    expect(copy.body.enabled).toBe(false);
    expect(copy.body.strategies.map((s: { name: string }) => s.name)).toEqual(['flexibleRollout', 'userWithId']);
    expect(copy.body.strategies[0].parameters.groupId).toBe('demo.clone');
    const kept = await call('POST', 'api/admin/projects/default/features/demo.toggle/clone', {
      name: 'demo.clone2',
      replaceGroupId: false,
    });
    expect(kept.status).toBe(201);
    expect((await call('GET', 'api/admin/features/demo.clone2')).body.strategies[0].parameters.groupId).toBe(
      'demo.toggle',
    );
    const duplicate = await call('POST', 'api/admin/projects/default/features/demo.toggle/clone', {
      name: 'demo.clone',
    });
    expect(duplicate.status).toBe(409);
    expect((await call('POST', 'api/admin/projects/default/features/nope/clone', { name: 'n.clone' })).status).toBe(
      404,
    );
    expect(
      (await call('POST', 'api/admin/projects/default/features/demo.toggle/clone', { name: 'bad name' })).status,
    ).toBe(400);
  });

  it('changes project only when the target has every environment with strategies', async () => {
    expect((await call('POST', 'api/admin/projects', { id: 'web', name: 'Web' })).status).toBe(201);
    expect((await call('POST', 'api/admin/projects', { id: 'mobile', name: 'Mobile' })).status).toBe(201);
    for (const environment of ['development', 'production']) {
      expect((await call('DELETE', `api/admin/projects/mobile/environments/${environment}`)).status).toBe(200);
    }
    const refused = await call('POST', 'api/admin/projects/default/features/demo.clone2/changeProject', {
      newProjectId: 'mobile',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /environments development, production have strategies .* not enabled in project mobile/,
    );
    expect((await call('GET', 'api/admin/features/demo.clone2')).body.project).toBe('default');
    const unknown = await call('POST', 'api/admin/projects/default/features/demo.clone2/changeProject', {
      newProjectId: 'nope',
    });
    expect(unknown.status).toBe(404);
    const moved = await call('POST', 'api/admin/projects/default/features/demo.clone2/changeProject', {
      newProjectId: 'web',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.project).toBe('web');
    expect((await eventsOf('demo.clone2'))[0]).toMatchObject({
      type: 'feature-project-change',
      project: 'web',
      diffs: [{ kind: 'E', path: ['project'], lhs: 'default', rhs: 'web' }],
    });
    expect(
      (await call('POST', 'api/admin/projects/default/features/demo.clone2/changeProject', { newProjectId: 'web' }))
        .status,
    ).toBe(404);
    const projects = (await call('GET', 'api/admin/projects')).body.projects;
    expect(projects.find((p: { id: string }) => p.id === 'web').featureCount).toBe(1);
  });
});

describe('archive', () => {
  it('archives, lists, refuses changes, revives and deletes permanently', async () => {
    expect((await call('DELETE', 'api/admin/features/demo.clone')).status).toBe(200);
    expect((await call('DELETE', 'api/admin/projects/default/features/a.first')).status).toBe(202);
    const archived = await call('GET', 'api/admin/archive/features');
    expect(archived.body.version).toBe(2);
    expect(archived.body.features.map((f: { name: string }) => f.name)).toEqual(['a.first', 'demo.clone']);
    expect(keys(archived.body.features[0])).toEqual(METADATA);
    expect((await call('GET', 'api/admin/features')).body.features.map((f: { name: string }) => f.name)).not.toContain(
      'demo.clone',
    );
    expect((await call('GET', 'api/admin/features/demo.clone')).body.archived).toBe(true);

    for (const [method, path, body] of [
      ['POST', 'api/admin/features/demo.clone/toggle/on', undefined],
      ['POST', 'api/admin/features/demo.clone/stale/on', undefined],
      ['PUT', 'api/admin/features/demo.clone', { name: 'demo.clone' }],
      ['DELETE', 'api/admin/features/demo.clone', undefined],
      ['POST', 'api/admin/features/demo.clone/tags', { value: 'xy' }],
      ['PATCH', 'api/admin/projects/default/features/demo.clone', [{ op: 'replace', path: '/stale', value: true }]],
    ] as const) {
      const response = await server.call(method, path, { cookie: admin, body, contentType: 'application/json' });
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({
        name: 'InvalidOperationError',
        message: 'The feature toggle demo.clone is archived: revive it before changing it',
      });
    }
    expect((await call('POST', 'api/admin/features/validate', { name: 'demo.clone' })).status).toBe(409);
    expect((await call('POST', 'api/admin/features', { name: 'demo.clone' })).status).toBe(409);

    expect((await json('POST', 'api/admin/archive/revive/demo.clone')).status).toBe(200);
    expect((await call('GET', 'api/admin/features/demo.clone')).body.archived).toBe(false);
    expect((await json('POST', 'api/admin/archive/revive/demo.clone')).status).toBe(400);
    expect((await call('DELETE', 'api/admin/archive/demo.clone')).status).toBe(400);

    expect((await call('DELETE', 'api/admin/archive/a.first')).status).toBe(200);
    expect((await call('GET', 'api/admin/features/a.first')).status).toBe(404);
    expect((await call('POST', 'api/admin/features/validate', { name: 'a.first' })).status).toBe(200);
    const types = (await eventsOf('a.first')).map((e: { type: string }) => e.type);
    expect(types.slice(0, 2)).toEqual(['feature-deleted', 'feature-archived']);
    expect((await call('DELETE', 'api/admin/archive/a.first')).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a Viewer read but not change toggles', async () => {
    expect((await call('GET', 'api/admin/features', undefined, viewer)).status).toBe(200);
    expect((await call('GET', 'api/admin/events/demo.toggle', undefined, viewer)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', 'api/admin/features', { name: 'v.x' }],
      ['PUT', 'api/admin/features/demo.toggle', demo],
      ['DELETE', 'api/admin/features/demo.toggle', undefined],
      ['POST', 'api/admin/features/demo.toggle/toggle/on', undefined],
      ['POST', 'api/admin/features/demo.toggle/stale/on', undefined],
      ['POST', 'api/admin/features/demo.toggle/tags', { value: 'xy' }],
      ['DELETE', 'api/admin/features/demo.toggle/tags/simple/team-red', undefined],
      ['POST', 'api/admin/projects/default/features', { name: 'v.x' }],
      ['PATCH', 'api/admin/projects/default/features/demo.toggle', [{ op: 'replace', path: '/stale', value: true }]],
      ['DELETE', 'api/admin/projects/default/features/demo.toggle', undefined],
      ['POST', 'api/admin/projects/default/features/demo.toggle/clone', { name: 'v.x' }],
      ['POST', 'api/admin/archive/revive/demo.toggle', undefined],
      ['DELETE', 'api/admin/archive/demo.toggle', undefined],
      ['GET', 'api/admin/events', undefined],
    ] as const) {
      const response = await server.call(method, path, { cookie: viewer, body, contentType: 'application/json' });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.name).toBe('NoAccessError');
    }
  });

  it('lets an Editor change toggles but not read all events; needs CREATE_FEATURE in the target of a move', async () => {
    expect((await json('POST', 'api/admin/features/demo.toggle/stale/off', editor)).status).toBe(200);
    expect((await call('GET', 'api/admin/events', undefined, editor)).status).toBe(403);
    // A project created after the Editor's permissions were listed is still covered (permissions are per request).
    expect((await call('POST', 'api/admin/projects', { id: 'later', name: 'Later' })).status).toBe(201);
    expect((await call('POST', 'api/admin/projects/later/features', { name: 'e.later' }, editor)).status).toBe(201);
  });

  it('refuses CLIENT tokens on the admin API', async () => {
    const token = await call('POST', 'api/admin/api-tokens', { username: 'sdk', type: 'client' });
    const response = await server.call('GET', 'api/admin/features', { token: token.body.secret });
    expect(response.status).toBe(403);
    expect(response.body.name).toBe('NoAccessError');
  });
});

describe('events', () => {
  it('lists every event newest first for admins, in the reference shape', async () => {
    const response = await call('GET', 'api/admin/events');
    expect(response.body.version).toBe(1);
    const ids = response.body.events.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(keys(response.body.events[0])).toEqual([
      'createdAt',
      'createdBy',
      'data',
      'diffs',
      'environment',
      'featureName',
      'id',
      'preData',
      'project',
      'tags',
      'type',
    ]);
    const forToggle = await call('GET', 'api/admin/events/demo.toggle');
    // Unleash 4's keys, and the next page's cursor (null: this is the last page).
    expect(keys(forToggle.body)).toEqual(['events', 'next', 'toggleName']);
    expect(forToggle.body.next).toBeNull();
    expect(forToggle.body.events.every((e: { featureName: string }) => e.featureName === 'demo.toggle')).toBe(true);
    expect((await call('GET', 'api/admin/events/nothing.here')).body).toEqual({
      toggleName: 'nothing.here',
      events: [],
      next: null,
    });
  });

  it('rolls a toggle change back when its event cannot be written', async () => {
    await server.sql(
      `create function refuse_feature_events() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    );
    await server.sql(
      'create trigger refuse_feature_events before insert on events for each row execute function refuse_feature_events()',
    );
    try {
      expect((await call('POST', 'api/admin/features', { name: 'rollback.me' })).status).toBe(500);
      expect((await json('POST', 'api/admin/features/demo.toggle/stale/on')).status).toBe(500);
    } finally {
      await server.sql('drop trigger refuse_feature_events on events');
    }
    expect(await server.sql(`select name from features where name = 'rollback.me'`)).toEqual([]);
    expect(await server.sql(`select count(*)::int as n from feature_strategies where feature = 'rollback.me'`)).toEqual(
      [{ n: 0 }],
    );
    expect((await call('GET', 'api/admin/features/demo.toggle')).body.stale).toBe(false);
  });
});
