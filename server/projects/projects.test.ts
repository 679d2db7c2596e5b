import { describe, expect, it } from 'vitest';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';
import { expectError, expectInvalid } from '../test-support/answers.ts';

/** An audit event as the events table holds it. */
type EventRow = Record<string, unknown> & { data: Record<string, unknown>; pre_data: Record<string, unknown> };

// Key sets of Unleash 4.2.2's answers (reference catalog records 029, 030, 032, 100, 101), plus `id` on the one
// project (4.2.2 leaves it out) and `updatedAt` on the health report.
const LIST_ITEM = ['createdAt', 'description', 'featureCount', 'health', 'id', 'memberCount', 'name'];
const ONE = ['description', 'environments', 'features', 'health', 'id', 'members', 'name', 'version'];
const REPORT = [...ONE, 'activeCount', 'potentiallyStaleCount', 'staleCount', 'updatedAt'].sort();
const OVERVIEW = ['createdAt', 'environments', 'lastSeenAt', 'lifecycle', 'name', 'stale', 'type', 'version'];
const keys = (o: object) => Object.keys(o).sort();

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });
const json = (method: string, path: string, cookie = admin) =>
  server.call(method, path, { cookie, contentType: 'application/json' });
const projectEvents = async () =>
  (await server.sql(
    `select type, project, environment, created_by, data, pre_data from events where type like 'project-%' order by id`,
  )) as EventRow[];
const projectRows = async () =>
  (await server.sql('select id, name, description from projects order by id')) as Array<Record<string, unknown>>;
const projectEnvs = async (project: string) =>
  (
    await server.sql(`select environment from project_environments where project = '${project}' order by environment`)
  ).map((r) => r.environment);
const toggleVersion = async (name: string) =>
  Number((await server.sql(`select version from features where name = '${name}'`))[0].version);
const strategyCount = async (name: string, env: string) =>
  (
    await server.sql(
      `select count(*)::int as n from feature_strategies where feature = '${name}' and environment = '${env}'`,
    )
  )[0].n;
const stateOf = async (name: string) =>
  (await server.sql(
    `select environment, enabled from feature_environments where feature = '${name}' order by environment`,
  )) as Array<{
    environment: string;
    enabled: boolean;
  }>;

/** A snapshot of everything the project calls can change, to show that a refused call changed nothing. */
const snapshot = async () =>
  JSON.stringify([
    await projectRows(),
    await server.sql('select * from project_environments order by project, environment'),
    await server.sql('select feature, environment, enabled from feature_environments order by feature, environment'),
    await server.sql('select count(*)::int as n from feature_strategies'),
    await server.sql('select name, version from features order by name'),
    await server.sql('select count(*)::int as n from events'),
  ]);

useServer({ users: true });

describe('reading projects', () => {
  it('lists projects and reads one in Unleash 4.2 shapes', async () => {
    const list = await call('GET', 'api/admin/projects', undefined, viewer);
    expect(list.status).toBe(200);
    expect(keys(list.body)).toEqual(['projects', 'version']);
    expect(list.body.projects.map((p: object) => keys(p))).toEqual([LIST_ITEM]);
    expect(list.body.projects[0]).toMatchObject({
      id: 'default',
      name: 'Default',
      health: 100,
      featureCount: 0,
      memberCount: 0,
    });

    const one = await call('GET', 'api/admin/projects/default', undefined, viewer);
    expect(one.status).toBe(200);
    expect(keys(one.body)).toEqual(ONE);
    expect(one.body).toMatchObject({
      id: 'default',
      environments: ['default', 'development', 'production'],
      features: [],
      members: 0,
      version: 1,
    });

    const missing = await call('GET', 'api/admin/projects/nope');
    expectError(missing, 404, 'NotFoundError', 'No project found', { isJoi: true });
  });
});

describe('validating and creating projects', () => {
  it('validates an id: 200 when free, 400 when not usable, 409 when taken', async () => {
    const free = await call('POST', 'api/admin/projects/validate', { id: 'team-a' }, viewer);
    expect(free.status).toBe(200);
    expect(free.text).toBe('');
    const taken = await call('POST', 'api/admin/projects/validate', { id: 'default' });
    expectError(taken, 409, 'NameExistsError', 'A project with this id already exists.', { isJoi: true });
    const cases: Array<[string, string]> = [
      ['team a', '"id" must be URL friendly'],
      ['', '"id" is not allowed to be empty'],
      ['*', '"id" can not be *: it stands for all of them'],
      ['..', '"id" can not contain "." (API token secrets use it as a separator)'],
      ['team.a', '"id" can not contain "." (API token secrets use it as a separator)'],
      ['x'.repeat(101), '"id" must NOT have more than 100 characters'],
    ];
    for (const [id, message] of cases) {
      const bad = await call('POST', 'api/admin/projects/validate', { id });
      expect(bad.status, id).toBe(400);
      expect(bad.body, id).toMatchObject({
        name: 'ValidationError',
        isJoi: true,
        details: [{ message, path: ['id'] }],
      });
    }
    expect((await call('POST', 'api/admin/projects/validate', {})).body.details[0].path).toEqual(['id']);
  });

  it('creates a project (201 with the project) with every globally enabled environment, and an event', async () => {
    expect((await json('POST', 'api/admin/environments/production/off')).status).toBe(204);
    const created = await call('POST', 'api/admin/projects', {
      id: 'team-a',
      name: ' Team A ',
      description: 'The A team',
    });
    expect((await json('POST', 'api/admin/environments/production/on')).status).toBe(204);
    expect(created.status).toBe(201);
    expect(keys(created.body)).toEqual(LIST_ITEM);
    expect(created.body).toMatchObject({
      id: 'team-a',
      name: 'Team A',
      description: 'The A team',
      health: 100,
      featureCount: 0,
      memberCount: 1,
    });
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);
    expect((await call('GET', 'api/admin/projects/team-a')).body).toMatchObject({
      environments: ['default', 'development'],
      features: [],
    });
    const list = (await call('GET', 'api/admin/projects')).body.projects.map((p: { id: string }) => p.id);
    expect(list).toEqual(['default', 'team-a']);
    // The signed-in creator is the project's Owner (Unleash 4.2), said in an event after the project's own.
    expect((await call('GET', 'api/admin/projects/team-a/users')).body.users).toMatchObject([
      { username: 'admin', roleId: 4 },
    ]);
    expect(await projectEvents()).toMatchObject([
      {
        type: 'project-created',
        project: 'team-a',
        created_by: 'admin',
        data: { id: 'team-a', name: 'Team A', description: 'The A team', environments: ['default', 'development'] },
      },
      { type: 'project-user-added', project: 'team-a', created_by: 'admin', data: { username: 'admin', roleId: 4 } },
    ]);
  });

  it('lets editors create projects (open-source: CREATE_PROJECT), and they may then update it', async () => {
    const created = await call('POST', 'api/admin/projects', { id: 'team-e', name: 'Team E' }, editor);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'team-e', description: null, memberCount: 1 });
    expect(await projectEnvs('team-e')).toEqual(['default', 'development', 'production']);
    expect((await call('PUT', 'api/admin/projects/team-e', { name: 'Team E2' }, editor)).status).toBe(200);
  });

  it('refuses duplicates, bad ids, missing or blank names, and viewers, changing nothing', async () => {
    const before = await snapshot();
    const duplicate = await call('POST', 'api/admin/projects', { id: 'team-a', name: 'Again' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      name: 'NameExistsError',
      message: 'A project with this id already exists.',
    });
    const badId = await call('POST', 'api/admin/projects', { id: 'team b', name: 'B' });
    expect(badId.status).toBe(400);
    expect(badId.body.details[0]).toMatchObject({ message: '"id" must be URL friendly', path: ['id'] });
    const blank = await call('POST', 'api/admin/projects', { id: 'team-b', name: '   ' });
    expectInvalid(blank, ['name'], '"name" is not allowed to be empty');
    const noName = await call('POST', 'api/admin/projects', { id: 'team-b' });
    expect(noName.status).toBe(400);
    expect(noName.body.details[0]).toMatchObject({ message: '"name" is required', path: ['name'] });
    const wrongType = await call('POST', 'api/admin/projects', { id: 'team-b', name: 'B', description: { x: 1 } });
    expect(wrongType.status).toBe(400);
    const denied = await call('POST', 'api/admin/projects', { id: 'team-b', name: 'B' }, viewer);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      name: 'NoAccessError',
      message: 'You need permission=CREATE_PROJECT to perform this action',
    });
    const notJson = await server.call('POST', 'api/admin/projects', {
      cookie: admin,
      rawBody: 'id=x',
      contentType: 'text/plain',
    });
    expect(notJson.status).toBe(415);
    expect(await snapshot()).toBe(before);
  });
});

describe('updating projects', () => {
  it('updates name and description (200 with the project) with an event holding before and after', async () => {
    const updated = await call('PUT', 'api/admin/projects/team-a', {
      id: 'team-a',
      name: 'Team Alpha',
      description: 'Alpha',
    });
    expect(updated.status).toBe(200);
    expect(keys(updated.body)).toEqual(LIST_ITEM);
    expect(updated.body).toMatchObject({ id: 'team-a', name: 'Team Alpha', description: 'Alpha' });
    expect((await call('GET', 'api/admin/projects/team-a')).body).toMatchObject({
      name: 'Team Alpha',
      description: 'Alpha',
    });
    // description left out: kept
    expect((await call('PUT', 'api/admin/projects/team-a', { name: 'Team A' })).body.description).toBe('Alpha');
    const events = (await projectEvents()).filter((e) => e.type === 'project-updated' && e.project === 'team-a');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      data: { id: 'team-a', name: 'Team Alpha', description: 'Alpha' },
      pre_data: { id: 'team-a', name: 'Team A', description: 'The A team' },
    });
  });

  it('refuses another id, a blank name, an unknown project and viewers, changing nothing', async () => {
    const before = await snapshot();
    const renamed = await call('PUT', 'api/admin/projects/team-a', { id: 'team-z', name: 'Z' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.details[0]).toMatchObject({
      message: '"id" must be team-a: a project id can not be changed',
      path: ['id'],
    });
    expect((await call('PUT', 'api/admin/projects/team-a', { name: '' })).status).toBe(400);
    const missing = await call('PUT', 'api/admin/projects/nope', { name: 'Nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No project found');
    expect((await call('PUT', 'api/admin/projects/nope', { name: 'Nope' }, editor)).status).toBe(404);
    const denied = await call('PUT', 'api/admin/projects/team-a', { name: 'Mine' }, viewer);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You need permission=UPDATE_PROJECT to perform this action');
    expect(await snapshot()).toBe(before);
  });
});

describe('project environments', () => {
  it('removes an environment: the toggles lose their state and strategies there (said in the event)', async () => {
    expect((await call('POST', 'api/admin/projects/team-a/features', { name: 'a.one' })).status).toBe(201);
    expect((await call('POST', 'api/admin/projects/team-a/features', { name: 'a.two' })).status).toBe(201);
    expect((await json('POST', 'api/admin/projects/team-a/features/a.one/environments/development/on')).status).toBe(
      200,
    );
    expect(await strategyCount('a.one', 'development')).toBe(1);
    const version = await toggleVersion('a.one');

    const removed = await call('DELETE', 'api/admin/projects/team-a/environments/development', undefined, editor);
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    expect(await projectEnvs('team-a')).toEqual(['default']);
    expect(await stateOf('a.one')).toEqual([{ environment: 'default', enabled: false }]);
    expect(await strategyCount('a.one', 'development')).toBe(0);
    expect(await toggleVersion('a.one')).toBe(version + 1);
    const feature = await call('GET', 'api/admin/projects/team-a/features/a.one');
    expect(feature.body.environments.map((e: { name: string }) => e.name)).toEqual(['default']);
    expect(feature.headers.get('etag')).toBe(`"${version + 1}"`);
    const event = (await projectEvents()).at(-1);
    expect(event).toMatchObject({
      type: 'project-environment-removed',
      project: 'team-a',
      environment: 'development',
      data: {
        project: 'team-a',
        environment: 'development',
        removedFromToggles: ['a.one', 'a.two'],
        strategiesDeleted: 2,
      },
    });
  });

  it('adds an environment: every toggle gets a disabled state there, without strategies', async () => {
    const version = await toggleVersion('a.two');
    const added = await call('POST', 'api/admin/projects/team-a/environments', { environment: 'production' }, editor);
    expect(added.status).toBe(200);
    expect(added.text).toBe('');
    expect((await call('GET', 'api/admin/projects/team-a')).body.environments).toEqual(['default', 'production']);
    expect(await stateOf('a.two')).toEqual([
      { environment: 'default', enabled: false },
      { environment: 'production', enabled: false },
    ]);
    expect(await strategyCount('a.two', 'production')).toBe(0);
    expect(await toggleVersion('a.two')).toBe(version + 1);
    const view = await call('GET', 'api/admin/projects/team-a/features/a.two/environments/production');
    expect(view.body).toEqual({ name: 'a.two', environment: 'production', enabled: false, strategies: [] });
    const event = (await projectEvents()).at(-1);
    expect(event).toMatchObject({
      type: 'project-environment-added',
      project: 'team-a',
      environment: 'production',
      created_by: expect.stringContaining('editor'),
      data: { project: 'team-a', environment: 'production', addedToToggles: ['a.one', 'a.two'] },
    });
  });

  it('refuses the last environment, unknown or unlinked ones, duplicates and viewers, changing nothing', async () => {
    expect((await call('DELETE', 'api/admin/projects/team-a/environments/production')).status).toBe(200);
    const before = await snapshot();
    const last = await call('DELETE', 'api/admin/projects/team-a/environments/default');
    expectError(last, 400, 'InvalidOperationError', 'You must always have at least one active environment per project');
    const unlinked = await call('DELETE', 'api/admin/projects/team-a/environments/development');
    expect(unlinked.status).toBe(404);
    expect(unlinked.body.message).toBe('Environment development is not enabled in project team-a');
    const unknownEnv = await call('POST', 'api/admin/projects/team-a/environments', { environment: 'nope' });
    expect(unknownEnv.status).toBe(404);
    expect(unknownEnv.body).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find environment with name: nope',
    });
    expect((await call('DELETE', 'api/admin/projects/team-a/environments/nope')).status).toBe(404);
    const unknownProject = await call('POST', 'api/admin/projects/nope/environments', { environment: 'development' });
    expect(unknownProject.status).toBe(404);
    expect(unknownProject.body.message).toBe('No project found');
    expect((await call('DELETE', 'api/admin/projects/nope/environments/default')).status).toBe(404);
    const twice = await call('POST', 'api/admin/projects/team-a/environments', { environment: 'default' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      name: 'NameExistsError',
      message: 'Environment default is already enabled in project team-a',
    });
    expect((await call('POST', 'api/admin/projects/team-a/environments', {})).body.details[0].path).toEqual([
      'environment',
    ]);
    for (const denied of [
      await call('POST', 'api/admin/projects/team-a/environments', { environment: 'development' }, viewer),
      await call('DELETE', 'api/admin/projects/default/environments/development', undefined, viewer),
    ]) {
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('You need permission=UPDATE_PROJECT to perform this action');
    }
    expect(await snapshot()).toBe(before);
  });

  it('keeps one environment when the last two are removed at the same time', async () => {
    expect((await call('POST', 'api/admin/projects', { id: 'race', name: 'Race' })).status).toBe(201);
    expect((await call('DELETE', 'api/admin/projects/race/environments/production')).status).toBe(200);
    const answers = await Promise.all(
      ['default', 'development'].map((env) => call('DELETE', `api/admin/projects/race/environments/${env}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.message).toBe(
      'You must always have at least one active environment per project',
    );
    expect(await projectEnvs('race')).toHaveLength(1);
    expect((await call('DELETE', 'api/admin/projects/race')).status).toBe(200);
  });
});

describe('health report', () => {
  it('counts active, stale and potentially stale toggles (by their type lifetime)', async () => {
    expect((await call('POST', 'api/admin/projects', { id: 'health', name: 'Health' })).status).toBe(201);
    const empty = await call('GET', 'api/admin/projects/health/health-report', undefined, viewer);
    expect(empty.status).toBe(200);
    expect(keys(empty.body)).toEqual(REPORT);
    expect(empty.body).toMatchObject({
      version: 1,
      health: 100,
      features: [],
      activeCount: 0,
      staleCount: 0,
      potentiallyStaleCount: 0,
    });

    for (const [name, type] of [
      ['h.fresh', 'release'],
      ['h.stale', 'release'],
      ['h.old', 'release'],
      ['h.old-ops', 'operational'],
      ['h.kill', 'kill-switch'],
    ]) {
      expect((await call('POST', 'api/admin/projects/health/features', { name, type })).status).toBe(201);
    }
    expect((await json('POST', 'api/admin/features/h.stale/stale/on')).status).toBe(200);
    await server.sql(`update features set created_at = now() - interval '41 days' where name in ('h.old', 'h.kill')`);
    await server.sql(`update features set created_at = now() - interval '8 days' where name = 'h.old-ops'`);

    const report = await call('GET', 'api/admin/projects/health/health-report');
    expect(report.body).toMatchObject({
      id: 'health',
      name: 'Health',
      environments: ['default', 'development', 'production'],
      health: 40,
      activeCount: 4,
      staleCount: 1,
      potentiallyStaleCount: 2,
    });
    expect(Date.now() - new Date(report.body.updatedAt).getTime()).toBeLessThan(60_000);
    expect(report.body.features.map((f: { name: string }) => f.name)).toEqual([
      'h.fresh',
      'h.kill',
      'h.old',
      'h.old-ops',
      'h.stale',
    ]);
    for (const f of report.body.features) expect(keys(f)).toEqual(OVERVIEW);
    expect(report.body.features[0].environments[0]).toEqual({
      name: 'default',
      enabled: false,
      type: 'production',
      sortOrder: 1,
    });
    expect(
      (await call('GET', 'api/admin/projects')).body.projects.find((p: { id: string }) => p.id === 'health'),
    ).toMatchObject({
      health: 40,
      featureCount: 5,
    });
    expect((await call('GET', 'api/admin/projects/nope/health-report')).status).toBe(404);
  });
});

describe('deleting projects', () => {
  it('refuses the default project, a project with toggles (archived too) or API tokens, and non-admins', async () => {
    const before = await snapshot();
    const defaultProject = await call('DELETE', 'api/admin/projects/default');
    expect(defaultProject.status).toBe(400);
    expect(defaultProject.body).toMatchObject({
      name: 'InvalidOperationError',
      message: 'You can not delete the default project',
    });
    const withToggles = await call('DELETE', 'api/admin/projects/team-a');
    expect(withToggles.status).toBe(400);
    expect(withToggles.body.message).toBe(
      'You can not delete project team-a: it still has 2 feature toggles (archived ones included). Move or delete them first',
    );
    expect((await call('DELETE', 'api/admin/projects/team-e', undefined, editor)).status).toBe(403);
    const denied = await call('DELETE', 'api/admin/projects/team-e', undefined, viewer);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You need permission=DELETE_PROJECT to perform this action');
    expect((await call('DELETE', 'api/admin/projects/nope')).status).toBe(404);
    expect(await snapshot()).toBe(before);

    expect((await call('DELETE', 'api/admin/projects/team-a/features/a.one')).status).toBe(202);
    expect((await call('DELETE', 'api/admin/projects/team-a/features/a.two')).status).toBe(202);
    const archived = await call('DELETE', 'api/admin/projects/team-a');
    expect(archived.status).toBe(400);
    expect(archived.body.message).toContain('it still has 2 feature toggles (archived ones included)');

    const token = await call('POST', 'api/admin/api-tokens', {
      username: 'sdk',
      type: 'client',
      project: 'team-e',
      environment: 'default',
    });
    expect(token.status).toBe(201);
    const withToken = await call('DELETE', 'api/admin/projects/team-e');
    expect(withToken.status).toBe(400);
    expect(withToken.body.message).toBe(
      'You can not delete project team-e: 1 API token is scoped to it. Delete them first',
    );
    expect((await call('DELETE', `api/admin/api-tokens/${encodeURIComponent(token.body.secret)}`)).status).toBe(200);
  });

  it('deletes a project (200, empty) with its environment links, and an event', async () => {
    const deleted = await call('DELETE', 'api/admin/projects/team-e');
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await call('GET', 'api/admin/projects/team-e')).status).toBe(404);
    expect(await projectEnvs('team-e')).toEqual([]);
    expect((await projectEvents()).at(-1)).toMatchObject({
      type: 'project-deleted',
      project: 'team-e',
      data: { id: 'team-e' },
      pre_data: {
        id: 'team-e',
        name: 'Team E2',
        description: null,
        environments: ['default', 'development', 'production'],
      },
    });
    expect((await call('DELETE', 'api/admin/projects/team-e')).status).toBe(404);
  });

  it('wrote one event per successful change, none for refused calls', async () => {
    expect((await projectEvents()).map((e) => `${e.type}:${e.project}`)).toEqual([
      'project-created:team-a',
      'project-user-added:team-a',
      'project-created:team-e',
      'project-user-added:team-e',
      'project-updated:team-e',
      'project-updated:team-a',
      'project-updated:team-a',
      'project-environment-removed:team-a',
      'project-environment-added:team-a',
      'project-environment-removed:team-a',
      'project-created:race',
      'project-user-added:race',
      'project-environment-removed:race',
      'project-environment-removed:race',
      'project-deleted:race',
      'project-created:health',
      'project-user-added:health',
      'project-deleted:team-e',
    ]);
  });
});
