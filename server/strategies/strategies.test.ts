import { describe, expect, it } from 'vitest';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';
import { expectError, expectInvalid } from '../test-support/answers.ts';
import { GRADUAL_ROLLOUT } from '../test-support/built-in-strategies.ts';

// Key sets of Unleash 4.2.2's answers (reference catalog records 019 and 020).
const DEFINITION = ['deprecated', 'description', 'displayName', 'editable', 'name', 'parameters'];
const PARAMETER = ['description', 'name', 'required', 'type'];
const keys = (o: object) => Object.keys(o).sort();

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });
/** A POST without a body (Content-Type still JSON, as the console sends it). */
const post = (path: string, cookie = admin) => server.call('POST', path, { cookie, contentType: 'application/json' });
const eventTypes = async () =>
  (await server.sql(`select type from events where type like 'strategy-%' order by id`)).map((r) => r.type);
const strategiesInDb = async () => (await server.sql('select count(*)::int as n from strategies'))[0].n;

const custom = {
  name: 'myCustom',
  description: 'custom',
  parameters: [{ name: 'ids', type: 'list', description: 'ids', required: false }],
};

useServer({ users: true });

describe('strategy definitions', () => {
  it('lists the eight built-ins in the spec order, read by anyone signed in', async () => {
    const list = await call('GET', 'api/admin/strategies', undefined, viewer);
    expect(list.status).toBe(200);
    expect(keys(list.body)).toEqual(['strategies', 'version']);
    expect(list.body.version).toBe(1);
    expect(
      list.body.strategies.map((s: { name: string; displayName: string; deprecated: boolean }) => [
        s.name,
        s.displayName,
        s.deprecated,
      ]),
    ).toEqual([
      ['default', 'Standard', false],
      ['flexibleRollout', 'Gradual rollout', false],
      ['userWithId', 'UserIDs', false],
      ['remoteAddress', 'IPs', false],
      ['applicationHostname', 'Hosts', false],
      ['gradualRolloutRandom', 'Randomized', true],
      ['gradualRolloutSessionId', 'Sessions', true],
      ['gradualRolloutUserId', 'Users', true],
    ]);
    for (const s of list.body.strategies) {
      expect(keys(s)).toEqual(DEFINITION);
      expect(s.editable).toBe(false);
      for (const p of s.parameters) expect(keys(p)).toEqual(PARAMETER);
    }
    expect(list.body.strategies[1]).toEqual(GRADUAL_ROLLOUT);
  });

  it('reads one, or answers 404', async () => {
    const one = await call('GET', 'api/admin/strategies/flexibleRollout', undefined, viewer);
    expect(one.status).toBe(200);
    expect(keys(one.body)).toEqual(DEFINITION);
    expect(one.body.name).toBe('flexibleRollout');
    const missing = await call('GET', 'api/admin/strategies/doesNotExist');
    expectError(missing, 404, 'NotFoundError', 'Could not find strategy with name: doesNotExist', { isJoi: true });
  });

  it('validates a new name: 200 when free, 400 when not URL friendly or empty, 409 when taken', async () => {
    expect((await call('POST', 'api/admin/strategies/validate', { name: 'free.name' })).status).toBe(200);
    const bad = await call('POST', 'api/admin/strategies/validate', { name: 'bad name' });
    expectInvalid(bad, ['name'], '"name" must be URL friendly');
    const empty = await call('POST', 'api/admin/strategies/validate', { name: '' });
    expect(empty.body.details[0].message).toBe('"name" is not allowed to be empty');
    expect((await call('POST', 'api/admin/strategies/validate', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await call('POST', 'api/admin/strategies/validate', {})).body.details[0].path).toEqual(['name']);
    const taken = await call('POST', 'api/admin/strategies/validate', { name: 'default' });
    expectError(taken, 409, 'NameExistsError', 'Strategy with name default already exists', { isJoi: true });
  });

  it('creates a custom strategy (201, empty body) with an event', async () => {
    const created = await call('POST', 'api/admin/strategies', custom);
    expect(created.status).toBe(201);
    expect(created.text).toBe('');
    expect((await call('GET', 'api/admin/strategies/myCustom')).body).toEqual({
      displayName: null,
      name: 'myCustom',
      editable: true,
      description: 'custom',
      parameters: custom.parameters,
      deprecated: false,
    });
    const names = (await call('GET', 'api/admin/strategies')).body.strategies.map((s: { name: string }) => s.name);
    expect(names.at(-1)).toBe('myCustom');
    const [event] = await server.sql(`select created_by, data from events where type = 'strategy-created'`);
    expect(event).toMatchObject({ created_by: 'admin', data: { name: 'myCustom', editable: true } });
  });

  it('refuses a duplicate with 409 and writes nothing', async () => {
    const before = await strategiesInDb();
    const duplicate = await call('POST', 'api/admin/strategies', { name: 'myCustom', parameters: [] });
    expectError(duplicate, 409, 'NameExistsError', 'Strategy with name myCustom already exists', { isJoi: true });
    expect((await call('POST', 'api/admin/strategies', { name: 'flexibleRollout' })).status).toBe(409);
    expect(await strategiesInDb()).toBe(before);
    expect(await eventTypes()).toEqual(['strategy-created']);
  });

  it('cleans parameters: drops nameless ones, defaults the type to string, refuses bad types and duplicates', async () => {
    const created = await call('POST', 'api/admin/strategies', {
      name: 'cleaned',
      parameters: [
        { name: 'a' },
        { name: '', type: 'nonsense' },
        { type: 'list' },
        { name: ' b ', type: 'number', required: true },
      ],
    });
    expect(created.status).toBe(201);
    expect((await call('GET', 'api/admin/strategies/cleaned')).body.parameters).toEqual([
      { name: 'a', type: 'string', description: '', required: false },
      { name: 'b', type: 'number', description: '', required: true },
    ]);

    const before = await strategiesInDb();
    const badType = await call('POST', 'api/admin/strategies', {
      name: 'badType',
      parameters: [{ name: 'x', type: 'date' }],
    });
    expectInvalid(
      badType,
      ['parameters[0].type'],
      '"parameters[0].type" must be one of [percentage, list, number, boolean, string]',
    );
    const duplicate = await call('POST', 'api/admin/strategies', {
      name: 'dupParams',
      parameters: [{ name: 'x' }, { name: 'x', type: 'list' }],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.details[0].message).toBe('The parameter name "x" is used more than once');
    const badName = await call('POST', 'api/admin/strategies', { name: 'bad name', parameters: [] });
    expect(badName.status).toBe(400);
    expect(badName.body.details[0].message).toBe('"name" must be URL friendly');
    const notAList = await call('POST', 'api/admin/strategies', { name: 'notAList', parameters: 'x' });
    expect(notAList.status).toBe(400);
    expect(await strategiesInDb()).toBe(before);
  });

  it('updates a custom strategy (200) with an event holding before and after', async () => {
    // The console may send the definition as it read it (editable, deprecated): extra keys are ignored.
    const updated = await call('PUT', 'api/admin/strategies/myCustom', {
      name: 'myCustom',
      editable: true,
      deprecated: true,
      description: 'changed',
      parameters: [
        { name: 'ids', type: 'list', description: 'ids', required: true },
        { name: 'percent', type: 'percentage' },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toBe('');
    expect((await call('GET', 'api/admin/strategies/myCustom')).body).toMatchObject({
      description: 'changed',
      deprecated: false,
      parameters: [
        { name: 'ids', type: 'list', description: 'ids', required: true },
        { name: 'percent', type: 'percentage', description: '', required: false },
      ],
    });
    const [event] = await server.sql(`select data, pre_data from events where type = 'strategy-updated'`);
    expect(event).toMatchObject({ data: { description: 'changed' }, pre_data: { description: 'custom' } });
  });

  it('refuses to rename, to change a built-in, bad parameters and unknown names', async () => {
    const renamed = await call('PUT', 'api/admin/strategies/myCustom', { name: 'other', parameters: [] });
    expectInvalid(renamed, ['name'], '"name" must be myCustom: a strategy cannot be renamed');
    const builtIn = await call('PUT', 'api/admin/strategies/flexibleRollout', {
      name: 'flexibleRollout',
      description: 'x',
      parameters: [],
    });
    expectError(builtIn, 400, 'InvalidOperationError', 'flexibleRollout is a built-in strategy and cannot be changed');
    const badType = await call('PUT', 'api/admin/strategies/myCustom', { parameters: [{ name: 'x', type: 'text' }] });
    expect(badType.status).toBe(400);
    const missing = await call('PUT', 'api/admin/strategies/nope', { name: 'nope', parameters: [] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Could not find strategy with name: nope');
    expect((await call('GET', 'api/admin/strategies/flexibleRollout')).body.description).toMatch(/^Roll out/);
    expect(await eventTypes()).toEqual(['strategy-created', 'strategy-created', 'strategy-updated']);
  });

  it('deprecates and reactivates (200, empty), including built-ins other than default', async () => {
    const deprecated = await post('api/admin/strategies/myCustom/deprecate');
    expect(deprecated.status).toBe(200);
    expect(deprecated.text).toBe('');
    expect((await call('GET', 'api/admin/strategies/myCustom')).body.deprecated).toBe(true);
    expect((await post('api/admin/strategies/myCustom/reactivate')).status).toBe(200);
    expect((await call('GET', 'api/admin/strategies/myCustom')).body.deprecated).toBe(false);
    expect((await post('api/admin/strategies/userWithId/deprecate')).status).toBe(200);
    expect((await call('GET', 'api/admin/strategies/userWithId')).body).toMatchObject({
      deprecated: true,
      editable: false,
    });
    expect((await post('api/admin/strategies/userWithId/reactivate')).status).toBe(200);
    const events = await server.sql(
      `select type, data from events where type in ('strategy-deprecated', 'strategy-reactivated') order by id`,
    );
    expect(events).toEqual([
      { type: 'strategy-deprecated', data: { name: 'myCustom' } },
      { type: 'strategy-reactivated', data: { name: 'myCustom' } },
      { type: 'strategy-deprecated', data: { name: 'userWithId' } },
      { type: 'strategy-reactivated', data: { name: 'userWithId' } },
    ]);
  });

  it('refuses to deprecate the default strategy, and unknown names', async () => {
    const refused = await post('api/admin/strategies/default/deprecate');
    expectError(refused, 400, 'InvalidOperationError', 'The default strategy cannot be deprecated');
    expect((await call('GET', 'api/admin/strategies/default')).body.deprecated).toBe(false);
    expect((await post('api/admin/strategies/nope/deprecate')).status).toBe(404);
    expect((await post('api/admin/strategies/nope/reactivate')).status).toBe(404);
  });

  it('refuses to delete built-ins, strategies toggles use and unknown names; deletes the rest with an event', async () => {
    const builtIn = await call('DELETE', 'api/admin/strategies/userWithId');
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toBe('userWithId is a built-in strategy and cannot be deleted');

    const toggle = { name: 'uses.custom', strategies: [{ name: 'myCustom', parameters: { ids: 'a,b' } }] };
    expect((await call('POST', 'api/admin/features', toggle)).status).toBe(201);
    const inUse = await call('DELETE', 'api/admin/strategies/myCustom');
    expect(inUse.status).toBe(400);
    expect(inUse.body).toMatchObject({
      name: 'InvalidOperationError',
      message:
        'Strategy myCustom is used by 1 feature toggle (archived ones included): remove it from them before deleting it',
    });
    // An archived toggle still counts: reviving it would bring the strategy back.
    expect((await call('POST', 'api/admin/features', { ...toggle, name: 'uses.custom2' })).status).toBe(201);
    expect((await call('DELETE', 'api/admin/features/uses.custom2')).status).toBe(200);
    expect((await call('DELETE', 'api/admin/strategies/myCustom')).body.message).toBe(
      'Strategy myCustom is used by 2 feature toggles (archived ones included): remove it from them before deleting it',
    );
    expect((await call('GET', 'api/admin/strategies/myCustom')).status).toBe(200);

    const deleted = await call('DELETE', 'api/admin/strategies/cleaned');
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await call('GET', 'api/admin/strategies/cleaned')).status).toBe(404);
    expect((await call('DELETE', 'api/admin/strategies/cleaned')).status).toBe(404);
    const [event] = await server.sql(`select data, pre_data from events where type = 'strategy-deleted'`);
    expect(event).toMatchObject({ data: { name: 'cleaned' }, pre_data: { name: 'cleaned', editable: true } });
  });
});

describe('strategy permissions', () => {
  it('refuses every change to a Viewer with 403 and changes nothing', async () => {
    const before = await server.sql('select count(*)::int as n from events');
    const refusals = [
      await call('POST', 'api/admin/strategies', { name: 'byViewer', parameters: [] }, viewer),
      await call('PUT', 'api/admin/strategies/myCustom', { description: 'viewer' }, viewer),
      await call('DELETE', 'api/admin/strategies/myCustom', undefined, viewer),
      await post('api/admin/strategies/myCustom/deprecate', viewer),
      await post('api/admin/strategies/myCustom/reactivate', viewer),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(refusals[0].body).toMatchObject({ name: 'NoAccessError', permission: 'CREATE_STRATEGY' });
    expect(refusals[1].body.permission).toBe('UPDATE_STRATEGY');
    expect(refusals[2].body.permission).toBe('DELETE_STRATEGY');
    expect(refusals[3].body.permission).toBe('UPDATE_STRATEGY');
    expect(await server.sql('select count(*)::int as n from events')).toEqual(before);
    expect((await call('GET', 'api/admin/strategies/byViewer')).status).toBe(404);
  });

  it('lets an Editor create, update, deprecate, reactivate and delete', async () => {
    expect(
      (
        await call(
          'POST',
          'api/admin/strategies',
          { name: 'byEditor', parameters: [{ name: 'n', type: 'number' }] },
          editor,
        )
      ).status,
    ).toBe(201);
    expect((await call('PUT', 'api/admin/strategies/byEditor', { description: 'editor' }, editor)).status).toBe(200);
    expect((await post('api/admin/strategies/byEditor/deprecate', editor)).status).toBe(200);
    expect((await post('api/admin/strategies/byEditor/reactivate', editor)).status).toBe(200);
    expect((await call('DELETE', 'api/admin/strategies/byEditor', undefined, editor)).status).toBe(200);
    const events = await server.sql(`select type, created_by from events where data->>'name' = 'byEditor' order by id`);
    expect(events.map((e) => e.type)).toEqual([
      'strategy-created',
      'strategy-updated',
      'strategy-deprecated',
      'strategy-reactivated',
      'strategy-deleted',
    ]);
    expect(new Set(events.map((e) => e.created_by)).size).toBe(1);
    expect(events[0].created_by).not.toBe('admin');
  });

  it('needs a session', async () => {
    expect((await server.call('GET', 'api/admin/strategies')).status).toBe(401);
  });
});
