import { describe, expect, it } from 'vitest';
import { admin, server, useServer, viewer } from '../test-support/fixture.ts';
import { expectError } from '../test-support/answers.ts';

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });

useServer({ users: true });

describe('feature types, environments, projects', () => {
  it('lists the five feature types with Unleash texts', async () => {
    const response = await call('GET', 'api/admin/feature-types', undefined, viewer);
    expect(response.body.version).toBe(1);
    expect(response.body.types.map((t: { id: string; lifetimeDays: number | null }) => [t.id, t.lifetimeDays])).toEqual(
      [
        ['release', 40],
        ['experiment', 40],
        ['operational', 7],
        ['kill-switch', null],
        ['permission', null],
      ],
    );
    expect(response.body.types[0]).toEqual({
      id: 'release',
      name: 'Release',
      description: 'Used to enable trunk-based development for teams practicing Continuous Delivery.',
      lifetimeDays: 40,
    });
  });

  it('lists the seeded environments and finds one', async () => {
    expect((await call('GET', 'api/admin/environments')).body).toEqual({
      version: 1,
      environments: [
        { name: 'default', type: 'production', sortOrder: 1, enabled: true, protected: true },
        { name: 'development', type: 'development', sortOrder: 100, enabled: true, protected: false },
        { name: 'production', type: 'production', sortOrder: 200, enabled: true, protected: false },
      ],
    });
    expect((await call('GET', 'api/admin/environments/development')).body).toMatchObject({
      name: 'development',
      sortOrder: 100,
    });
    const missing = await call('GET', 'api/admin/environments/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find environment with name: nope',
    });
  });

  it('lists projects with counts and health, and shows one', async () => {
    await call('POST', 'api/admin/features', { name: 'p.one' });
    await call('POST', 'api/admin/features', { name: 'p.two' });
    await server.call('POST', 'api/admin/features/p.two/stale/on', { cookie: admin, contentType: 'application/json' });
    const list = await call('GET', 'api/admin/projects', undefined, viewer);
    expect(list.body.version).toBe(1);
    expect(Object.keys(list.body.projects[0]).sort()).toEqual([
      'createdAt',
      'description',
      'featureCount',
      'health',
      'id',
      'memberCount',
      'name',
    ]);
    expect(list.body.projects[0]).toMatchObject({
      id: 'default',
      name: 'Default',
      featureCount: 2,
      health: 50,
      memberCount: 0,
    });
    const one = await call('GET', 'api/admin/projects/default');
    expect(Object.keys(one.body).sort()).toEqual([
      'description',
      'environments',
      'features',
      'health',
      'id',
      'members',
      'name',
      'version',
    ]);
    expect(one.body).toMatchObject({
      id: 'default',
      environments: ['default', 'development', 'production'],
      health: 50,
      members: 0,
      version: 1,
    });
    expect(one.body.features.map((f: { name: string }) => f.name)).toEqual(['p.one', 'p.two']);
    const missing = await call('GET', 'api/admin/projects/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ name: 'NotFoundError', message: 'No project found' });
  });

  it('adds featureTypes, tagTypes and project counts to ui-bootstrap', async () => {
    const body = (await call('GET', 'api/admin/ui-bootstrap', undefined, viewer)).body;
    expect(body.featureTypes).toHaveLength(5);
    expect(body.tagTypes).toEqual([
      { name: 'simple', description: 'Used to simplify filtering of features', icon: '#' },
    ]);
    expect(body.projects[0]).toMatchObject({ id: 'default', featureCount: 2 });
  });
});

describe('tag types', () => {
  it('lists and reads the simple type', async () => {
    expect((await call('GET', 'api/admin/tag-types')).body).toEqual({
      version: 1,
      tagTypes: [{ name: 'simple', description: 'Used to simplify filtering of features', icon: '#' }],
    });
    expect((await call('GET', 'api/admin/tag-types/simple')).body.tagType.name).toBe('simple');
    expect((await call('GET', 'api/admin/tag-types/nope')).status).toBe(404);
  });

  it('validates, creates, updates and deletes with events', async () => {
    expect((await call('POST', 'api/admin/tag-types/validate', { name: 'team' })).status).toBe(200);
    expect((await call('POST', 'api/admin/tag-types/validate', { name: 'bad name' })).body.details[0].message).toBe(
      '"name" must be URL friendly',
    );
    expect((await call('POST', 'api/admin/tag-types/validate', { name: 'x' })).status).toBe(400);
    const created = await call('POST', 'api/admin/tag-types', { name: 'team', description: 'Team tag' });
    expect(created.status).toBe(201);
    // Unleash 4.2 answers with the tag type as it was sent (reference catalog record 155).
    expect(created.body).toEqual({ name: 'team', description: 'Team tag' });
    const bare = await call('POST', 'api/admin/tag-types', { name: 'bare', icon: 'jira' });
    expect(bare.body).toEqual({ name: 'bare', icon: 'jira' });
    expect((await call('GET', 'api/admin/tag-types/bare')).body.tagType).toEqual({
      name: 'bare',
      description: null,
      icon: 'jira',
    });
    const duplicate = await call('POST', 'api/admin/tag-types/validate', { name: 'team' });
    expectError(duplicate, 409, 'NameExistsError', 'There already exists a tag-type with the name team', {
      isJoi: true,
    });
    expect((await call('POST', 'api/admin/tag-types', { name: 'team' })).status).toBe(409);
    expect((await call('PUT', 'api/admin/tag-types/team', { description: 'Teams', icon: 'group' })).status).toBe(200);
    expect((await call('GET', 'api/admin/tag-types/team')).body.tagType).toEqual({
      name: 'team',
      description: 'Teams',
      icon: 'group',
    });
    expect((await call('PUT', 'api/admin/tag-types/nope', { description: 'x' })).status).toBe(404);

    expect((await call('POST', 'api/admin/tags', { type: 'team', value: 'red' })).status).toBe(201);
    expect((await call('DELETE', 'api/admin/tag-types/team')).status).toBe(200);
    expect((await call('GET', 'api/admin/tags/team')).body.tags).toEqual([]);
    expect((await call('DELETE', 'api/admin/tag-types/team')).status).toBe(404);
    const types = await server.sql(`select type from events where type like 'tag-type-%' order by id`);
    expect(types.map((r) => r.type)).toEqual([
      'tag-type-created',
      'tag-type-created',
      'tag-type-updated',
      'tag-type-deleted',
    ]);
  });

  it('refuses a bad or missing name and a duplicate, writing nothing', async () => {
    const before = await server.sql(`select count(*)::int as n from events`);
    const refusals = [
      await call('POST', 'api/admin/tag-types', { name: 'bad name' }),
      await call('POST', 'api/admin/tag-types', { name: 'x' }),
      await call('POST', 'api/admin/tag-types', { description: 'no name' }),
      await call('POST', 'api/admin/tag-types', { name: 'simple' }),
    ];
    expect(refusals.map((r) => [r.status, r.body.details[0].message])).toEqual([
      [400, '"name" must be URL friendly'],
      [400, '"name" length must be at least 2 characters long'],
      [400, expect.stringContaining('name')],
      [409, 'There already exists a tag-type with the name simple'],
    ]);
    expect(await server.sql(`select count(*)::int as n from events`)).toEqual(before);
  });

  it('deleting a tag type in use removes its tags from the toggles too (as Unleash 4.2 cascades)', async () => {
    await call('POST', 'api/admin/tag-types', { name: 'squad' });
    await call('POST', 'api/admin/features', { name: 'tagged.by-squad' });
    await call('POST', 'api/admin/features/tagged.by-squad/tags', { type: 'squad', value: 'blue' });
    await call('POST', 'api/admin/features/tagged.by-squad/tags', { type: 'simple', value: 'kept' });
    expect((await call('DELETE', 'api/admin/tag-types/squad')).status).toBe(200);
    expect((await call('GET', 'api/admin/features/tagged.by-squad/tags')).body.tags).toEqual([
      { type: 'simple', value: 'kept' },
    ]);
    expect((await call('DELETE', 'api/admin/tags/simple/kept')).status).toBe(200);
    expect((await call('GET', 'api/admin/features/tagged.by-squad/tags')).body.tags).toEqual([]);
  });

  it('needs the tag type permissions', async () => {
    expect((await call('POST', 'api/admin/tag-types', { name: 'viewer-type' }, viewer)).status).toBe(403);
    expect((await call('PUT', 'api/admin/tag-types/simple', { description: 'x' }, viewer)).status).toBe(403);
    expect((await call('DELETE', 'api/admin/tag-types/simple', undefined, viewer)).status).toBe(403);
    expect((await call('POST', 'api/admin/tags', { value: 'xy' }, viewer)).status).toBe(403);
    expect((await call('DELETE', 'api/admin/tags/simple/xy', undefined, viewer)).status).toBe(403);
  });
});

describe('tags', () => {
  it('creates (type defaults to simple), lists by type, refuses bad ones and deletes', async () => {
    expect((await call('POST', 'api/admin/tags', { value: 'blue' })).body).toEqual({ type: 'simple', value: 'blue' });
    expect((await call('POST', 'api/admin/tags', { value: 'blue' })).status).toBe(409);
    expect((await call('POST', 'api/admin/tags', { value: 'b' })).status).toBe(400);
    expect((await call('POST', 'api/admin/tags', { type: 'nope', value: 'blue' })).status).toBe(404);
    expect((await call('GET', 'api/admin/tags/simple')).body).toEqual({
      version: 1,
      tags: [{ type: 'simple', value: 'blue' }],
    });
    expect((await call('DELETE', 'api/admin/tags/simple/blue')).status).toBe(200);
    expect((await call('DELETE', 'api/admin/tags/simple/blue')).status).toBe(404);
    expect((await call('GET', 'api/admin/tags')).body.tags).toEqual([]);
  });
});
