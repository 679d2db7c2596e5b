import { describe, expect, it } from 'vitest';
import { type CallResult } from '../test-support/harness.ts';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';
import { expectError } from '../test-support/answers.ts';

/** An audit event as the events table holds it. */
type EventRow = Record<string, unknown> & { data: Record<string, unknown>; pre_data: Record<string, unknown> };

// Key sets of Unleash 4.2.2's answers (reference catalog records 024, 025, 026).
const ENVIRONMENT = ['enabled', 'name', 'protected', 'sortOrder', 'type'];
const keys = (o: object) => Object.keys(o).sort();

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });
const json = (method: string, path: string, cookie = admin) =>
  server.call(method, path, { cookie, contentType: 'application/json' });
const environmentEvents = async () =>
  (await server.sql(
    `select type, environment, created_by, data, pre_data from events where type like 'environment-%' order by id`,
  )) as EventRow[];
const names = async () =>
  (await call('GET', 'api/admin/environments')).body.environments.map((e: { name: string }) => e.name);
const one = async (name: string) => (await call('GET', `api/admin/environments/${name}`)).body;

/** A snapshot of everything the environment calls can change, to show that a refused call changed nothing. */
const snapshot = async () =>
  JSON.stringify([
    await server.sql('select name, type, sort_order, enabled, protected from environments order by name'),
    await server.sql('select * from project_environments order by project, environment'),
    await server.sql('select feature, environment, enabled from feature_environments order by feature, environment'),
    await server.sql('select count(*)::int as n from feature_strategies'),
    await server.sql('select name, version from features order by name'),
    await server.sql('select count(*)::int as n from events'),
  ]);

/** Each refused call: status and the error's message; afterwards nothing has changed. */
async function refused(calls: Array<[() => Promise<CallResult>, number, string]>) {
  const before = await snapshot();
  for (const [send, status, message] of calls) {
    const answer = await send();
    expect(answer.status, message).toBe(status);
    expect(answer.body.message, message).toBe(message);
    expect(answer.body.details[0].message, message).toBe(message);
  }
  expect(await snapshot()).toBe(before);
}

useServer({ users: true });

describe('reading environments', () => {
  it('lists them in sort order and reads one, in Unleash 4.2 shapes', async () => {
    const list = await call('GET', 'api/admin/environments', undefined, viewer);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      version: 1,
      environments: [
        { name: 'default', type: 'production', sortOrder: 1, enabled: true, protected: true },
        { name: 'development', type: 'development', sortOrder: 100, enabled: true, protected: false },
        { name: 'production', type: 'production', sortOrder: 200, enabled: true, protected: false },
      ],
    });
    const found = await call('GET', 'api/admin/environments/default', undefined, viewer);
    expect(keys(found.body)).toEqual(ENVIRONMENT);
    const missing = await call('GET', 'api/admin/environments/nope');
    expectError(missing, 404, 'NotFoundError', 'Could not find environment with name: nope', { isJoi: true });
  });
});

describe('creating environments', () => {
  it('validates a name: 200 when free, 409 when taken, 400 when not usable', async () => {
    const free = await call('POST', 'api/admin/environments/validate', { name: 'staging' }, viewer);
    expect(free.status).toBe(200);
    expect(free.text).toBe('');
    const taken = await call('POST', 'api/admin/environments/validate', { name: 'production' });
    expectError(taken, 409, 'NameExistsError', 'Environment production already exists', { isJoi: true });
    for (const [name, message] of [
      ['my env', '"name" must be URL friendly'],
      ['', '"name" is not allowed to be empty'],
      ['*', '"name" can not be *: it stands for all of them'],
      ['pre.prod', '"name" can not contain "." (API token secrets use it as a separator)'],
    ]) {
      const bad = await call('POST', 'api/admin/environments/validate', { name });
      expect(bad.status, name).toBe(400);
      expect(bad.body, name).toMatchObject({
        name: 'ValidationError',
        isJoi: true,
        details: [{ message, path: ['name'] }],
      });
    }
  });

  it('creates an environment (201 with it), enabled in no project yet, and an event', async () => {
    const created = await call('POST', 'api/admin/environments', { name: 'staging', type: 'test', sortOrder: 150 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: 'staging', type: 'test', sortOrder: 150, enabled: true, protected: false });
    expect(await names()).toEqual(['default', 'development', 'staging', 'production']);
    expect((await call('GET', 'api/admin/projects/default')).body.environments).toEqual([
      'default',
      'development',
      'production',
    ]);
    const noOrder = await call('POST', 'api/admin/environments', { name: 'qa', type: 'preproduction' });
    expect(noOrder.body).toMatchObject({ name: 'qa', sortOrder: 9999 });
    expect((await environmentEvents()).map((e) => [e.type, e.environment, e.created_by, e.data])).toEqual([
      ['environment-created', 'staging', 'admin', created.body],
      ['environment-created', 'qa', 'admin', noOrder.body],
    ]);
  });

  it('refuses duplicates, bad names and types, and anyone but admins, changing nothing', async () => {
    await refused([
      [
        () => call('POST', 'api/admin/environments', { name: 'staging', type: 'test' }),
        409,
        'Environment staging already exists',
      ],
      [
        () => call('POST', 'api/admin/environments', { name: 'bad name', type: 'test' }),
        400,
        '"name" must be URL friendly',
      ],
      [
        () => call('POST', 'api/admin/environments', { name: 'uat', type: 'qa' }),
        400,
        '"type" must be one of [development, test, preproduction, production]',
      ],
      [() => call('POST', 'api/admin/environments', { name: 'uat' }), 400, '"type" is required'],
      [
        () => call('POST', 'api/admin/environments', { name: 'uat', type: 'test', sortOrder: 1.5 }),
        400,
        '"sortOrder" must be integer',
      ],
      [
        () => call('POST', 'api/admin/environments', { name: 'uat', type: 'test' }, editor),
        403,
        'You need permission=ADMIN to perform this action',
      ],
      [
        () => call('POST', 'api/admin/environments', { name: 'uat', type: 'test' }, viewer),
        403,
        'You need permission=ADMIN to perform this action',
      ],
    ]);
  });
});

describe('changing environments', () => {
  it('updates type and sort order (200 with it), with an event holding before and after', async () => {
    const updated = await call('PUT', 'api/admin/environments/update/staging', {
      type: 'preproduction',
      sortOrder: 250,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      name: 'staging',
      type: 'preproduction',
      sortOrder: 250,
      enabled: true,
      protected: false,
    });
    expect(await names()).toEqual(['default', 'development', 'production', 'staging', 'qa']);
    const typeOnly = await call('PUT', 'api/admin/environments/update/staging', { type: 'test' });
    expect(typeOnly.body).toMatchObject({ type: 'test', sortOrder: 250 });
    expect((await environmentEvents()).at(-2)).toMatchObject({
      type: 'environment-updated',
      environment: 'staging',
      data: { type: 'preproduction', sortOrder: 250 },
      pre_data: { type: 'test', sortOrder: 150 },
    });
  });

  it('reorders environments ({name: position}, 200 empty) with an event', async () => {
    const sorted = await call('PUT', 'api/admin/environments/sort-order', {
      production: 1,
      staging: 2,
      default: 3,
      development: 4,
    });
    expect(sorted.status).toBe(200);
    expect(sorted.text).toBe('');
    expect(await names()).toEqual(['production', 'staging', 'default', 'development', 'qa']);
    expect((await environmentEvents()).at(-1)).toMatchObject({
      type: 'environment-order-changed',
      environment: null,
      data: { production: 1, staging: 2, default: 3, development: 4, qa: 9999 },
      pre_data: { default: 1, development: 100, production: 200, staging: 250, qa: 9999 },
    });
    // toggles list their environments in the new order
    expect((await call('POST', 'api/admin/projects/default/features', { name: 'ordered' })).status).toBe(201);
    const toggle = await call('GET', 'api/admin/projects/default/features/ordered');
    expect(toggle.body.environments.map((e: { name: string }) => e.name)).toEqual([
      'production',
      'default',
      'development',
    ]);
    expect(
      (await call('PUT', 'api/admin/environments/sort-order', { default: 1, development: 100, production: 200 }))
        .status,
    ).toBe(200);
  });

  it('turns an environment off and on (204, empty) with events', async () => {
    const off = await json('POST', 'api/admin/environments/staging/off');
    expect(off.status).toBe(204);
    expect(off.text).toBe('');
    expect((await one('staging')).enabled).toBe(false);
    const on = await json('POST', 'api/admin/environments/staging/on');
    expect(on.status).toBe(204);
    expect((await one('staging')).enabled).toBe(true);
    expect(
      (await environmentEvents()).slice(-2).map((e) => [e.type, e.environment, e.pre_data.enabled, e.data.enabled]),
    ).toEqual([
      ['environment-disabled', 'staging', true, false],
      ['environment-enabled', 'staging', false, true],
    ]);
  });

  it('refuses changes to protected and unknown environments, bad bodies, and callers without permission', async () => {
    const needsUpdate = 'You need permission=UPDATE_ENVIRONMENT to perform this action';
    await refused([
      [
        () => call('PUT', 'api/admin/environments/update/default', { type: 'test' }),
        400,
        'Environment default is protected: it can not be changed',
      ],
      [
        () => json('POST', 'api/admin/environments/default/off'),
        400,
        'Environment default is protected: it can not be disabled',
      ],
      [
        () => json('POST', 'api/admin/environments/default/on'),
        400,
        'Environment default is protected: it can not be enabled',
      ],
      [
        () => call('PUT', 'api/admin/environments/update/nope', { type: 'test' }),
        404,
        'Could not find environment with name: nope',
      ],
      [() => json('POST', 'api/admin/environments/nope/on'), 404, 'Could not find environment with name: nope'],
      [
        () => call('PUT', 'api/admin/environments/update/staging', { type: 'staging' }),
        400,
        '"type" must be one of [development, test, preproduction, production]',
      ],
      [() => call('PUT', 'api/admin/environments/update/staging', { sortOrder: 3 }), 400, '"type" is required'],
      [
        () => call('PUT', 'api/admin/environments/sort-order', { staging: 1, nope: 2 }),
        404,
        'Could not find environment with name: nope',
      ],
      [() => call('PUT', 'api/admin/environments/sort-order', { staging: 'first' }), 400, '"staging" must be integer'],
      [() => call('PUT', 'api/admin/environments/update/staging', { type: 'test' }, editor), 403, needsUpdate],
      [() => call('PUT', 'api/admin/environments/update/staging', { type: 'test' }, viewer), 403, needsUpdate],
      [() => call('PUT', 'api/admin/environments/sort-order', { staging: 1 }, viewer), 403, needsUpdate],
      [() => json('POST', 'api/admin/environments/staging/off', editor), 403, needsUpdate],
      [() => json('POST', 'api/admin/environments/staging/off', viewer), 403, needsUpdate],
    ]);
  });
});

describe('deleting environments', () => {
  it('refuses protected and unknown ones, one API tokens use, the only environment of a project, and non-admins', async () => {
    expect((await call('POST', 'api/admin/projects', { id: 'solo', name: 'Solo' })).status).toBe(201);
    for (const env of ['default', 'development', 'production', 'qa']) {
      expect((await call('DELETE', `api/admin/projects/solo/environments/${env}`)).status).toBe(200);
    }
    expect((await call('GET', 'api/admin/projects/solo')).body.environments).toEqual(['staging']);
    const token = await call('POST', 'api/admin/api-tokens', { username: 'sdk', type: 'client', environment: 'qa' });
    expect(token.status).toBe(201);

    const needsDelete = 'You need permission=DELETE_ENVIRONMENT to perform this action';
    await refused([
      [
        () => call('DELETE', 'api/admin/environments/default'),
        400,
        'Environment default is protected: it can not be deleted',
      ],
      [() => call('DELETE', 'api/admin/environments/nope'), 404, 'Could not find environment with name: nope'],
      [
        () => call('DELETE', 'api/admin/environments/qa'),
        400,
        'Environment qa is used by 1 API token: delete them first',
      ],
      [
        () => call('DELETE', 'api/admin/environments/staging'),
        400,
        'Environment staging is the only environment of project solo: enable another environment there first',
      ],
      [() => call('DELETE', 'api/admin/environments/production', undefined, editor), 403, needsDelete],
      [() => call('DELETE', 'api/admin/environments/production', undefined, viewer), 403, needsDelete],
    ]);
    expect((await call('DELETE', `api/admin/api-tokens/${encodeURIComponent(token.body.secret)}`)).status).toBe(200);
  });

  it('deletes one (200, empty): out of its projects, toggles lose their state and strategies there', async () => {
    expect((await call('POST', 'api/admin/projects/solo/environments', { environment: 'development' })).status).toBe(
      200,
    );
    expect((await call('POST', 'api/admin/projects/default/environments', { environment: 'staging' })).status).toBe(
      200,
    );
    const strategy = await call('POST', 'api/admin/projects/default/features/ordered/environments/staging/strategies', {
      name: 'default',
    });
    expect(strategy.status).toBe(200);
    const [{ version }] = await server.sql(`select version from features where name = 'ordered'`);

    const deleted = await call('DELETE', 'api/admin/environments/staging');
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await call('GET', 'api/admin/environments/staging')).status).toBe(404);
    expect((await call('GET', 'api/admin/projects/solo')).body.environments).toEqual(['development']);
    expect((await call('GET', 'api/admin/projects/default')).body.environments).toEqual([
      'default',
      'development',
      'production',
    ]);
    const toggle = await call('GET', 'api/admin/projects/default/features/ordered');
    expect(toggle.body.environments.map((e: { name: string }) => e.name)).toEqual([
      'default',
      'development',
      'production',
    ]);
    expect(toggle.headers.get('etag')).toBe(`"${Number(version) + 1}"`);
    expect(await server.sql(`select id from feature_strategies where environment = 'staging'`)).toEqual([]);
    expect((await environmentEvents()).at(-1)).toMatchObject({
      type: 'environment-deleted',
      environment: 'staging',
      data: {
        name: 'staging',
        removedFromProjects: ['default', 'solo'],
        removedFromToggles: ['ordered'],
        strategiesDeleted: 1,
      },
      pre_data: { name: 'staging', type: 'test', enabled: true, protected: false },
    });
  });

  it('deletes one while its toggles are being changed, without a deadlock or a 5xx', async () => {
    expect((await call('POST', 'api/admin/environments', { name: 'busy', type: 'test' })).status).toBe(201);
    expect((await call('POST', 'api/admin/projects', { id: 'busy', name: 'Busy' })).status).toBe(201);
    const toggles = ['b1', 'b2', 'b3', 'b4'];
    for (const name of toggles)
      expect((await call('POST', 'api/admin/projects/busy/features', { name })).status).toBe(201);
    const answers = await Promise.all([
      ...toggles.flatMap((name) => [
        call('POST', `api/admin/projects/busy/features/${name}/environments/busy/strategies`, { name: 'default' }),
        call('POST', `api/admin/projects/busy/features/${name}/environments/development/strategies`, {
          name: 'default',
        }),
      ]),
      call('DELETE', 'api/admin/environments/busy'),
      call('POST', 'api/admin/projects/busy/features', { name: 'b5' }),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(500);
    expect(answers.at(-2)?.status).toBe(200);
    expect(await server.sql(`select feature from feature_environments where environment = 'busy'`)).toEqual([]);
    expect(await server.sql(`select feature from feature_strategies where environment = 'busy'`)).toEqual([]);
    for (const name of toggles) await call('DELETE', `api/admin/projects/busy/features/${name}`);
  });

  it('wrote one event per successful change, none for refused calls', async () => {
    expect((await environmentEvents()).map((e) => `${e.type}:${e.environment ?? ''}`)).toEqual([
      'environment-created:staging',
      'environment-created:qa',
      'environment-updated:staging',
      'environment-updated:staging',
      'environment-order-changed:',
      'environment-order-changed:',
      'environment-disabled:staging',
      'environment-enabled:staging',
      'environment-deleted:staging',
      'environment-created:busy',
      'environment-deleted:busy',
    ]);
  });
});

describe('the environment limit (blocked at 7 or more, the message says 5)', () => {
  const limited = (count: number) =>
    `More than 5 environments are not supported: no environment can be created while 7 or more exist (there are ${count}). Delete one first.`;
  const create = (name: string, cookie = admin) =>
    call('POST', 'api/admin/environments', { name, type: 'test' }, cookie);

  it('creates up to the seventh, then refuses with a 400 in the error shape, changing nothing', async () => {
    expect(await names()).toHaveLength(4);
    for (const name of ['lim-a', 'lim-b', 'lim-c']) expect((await create(name)).status, name).toBe(201);
    expect(await names()).toHaveLength(7);
    const refusal = await create('lim-d');
    expect(refusal.body).toEqual({
      name: 'ExceedsLimitError',
      message: limited(7),
      details: [{ message: limited(7) }],
    });
    await refused([
      [() => create('lim-d'), 400, limited(7)],
      // the limit is checked before the name is looked up: a taken name gets the same answer at the limit
      [() => create('lim-a'), 400, limited(7)],
      // permission is checked before anything else
      [() => create('lim-d', editor), 403, 'You need permission=ADMIN to perform this action'],
    ]);
    expect(await names()).toHaveLength(7);
  });

  it('lets one be created again once one is deleted', async () => {
    expect((await call('DELETE', 'api/admin/environments/lim-c')).status).toBe(200);
    expect((await create('lim-e')).status).toBe(201);
    expect((await create('lim-f')).status).toBe(400);
  });

  it('holds under concurrent creations: from 5, exactly 2 of 6 parallel ones are created', async () => {
    for (const name of ['lim-a', 'lim-b'])
      expect((await call('DELETE', `api/admin/environments/${name}`)).status).toBe(200);
    expect(await names()).toHaveLength(5);
    const before = (await environmentEvents()).length;
    const answers = await Promise.all(['par-1', 'par-2', 'par-3', 'par-4', 'par-5', 'par-6'].map((n) => create(n)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.status === 400)) expect(answer.body.name).toBe('ExceedsLimitError');
    expect(await names()).toHaveLength(7);
    expect((await environmentEvents()).length).toBe(before + 2);
  });
});
