import { describe, expect, it } from 'vitest';
import { admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';
import { expectError, expectInvalid } from '../test-support/answers.ts';

// Key sets of Unleash 4.2.2's answers (reference catalog records 022, 023 and 166): legalValues only when set.
const FIELD = ['createdAt', 'description', 'name', 'sortOrder', 'stickiness'];
const FIELD_WITH_VALUES = [...FIELD, 'legalValues'].sort();
const keys = (o: object) => Object.keys(o).sort();

const call = (method: string, path: string, body?: unknown, cookie = admin) =>
  server.call(method, path, { cookie, body });
const eventTypes = async () =>
  (await server.sql(`select type from events where type like 'context-field-%' order by id`)).map((r) => r.type);
const fieldsInDb = async () => (await server.sql('select count(*)::int as n from context_fields'))[0].n;

useServer({ users: true });

describe('context fields', () => {
  it('lists the built-in fields as a bare array by sort order, read by anyone signed in', async () => {
    const list = await call('GET', 'api/admin/context', undefined, viewer);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((f: { name: string; sortOrder: number }) => [f.name, f.sortOrder])).toEqual([
      ['environment', 0],
      ['userId', 1],
      ['appName', 2],
      ['sessionId', 3],
      ['remoteAddress', 4],
    ]);
    for (const f of list.body) expect(keys(f)).toEqual(FIELD);
    expect(list.body[1]).toMatchObject({
      name: 'userId',
      description: 'Allows you to constrain on userId',
      stickiness: false,
    });
    expect(new Date(list.body[1].createdAt).toISOString()).toBe(list.body[1].createdAt);
  });

  it('reads one, or answers 404', async () => {
    const one = await call('GET', 'api/admin/context/userId', undefined, viewer);
    expect(one.status).toBe(200);
    expect(keys(one.body)).toEqual(FIELD);
    const missing = await call('GET', 'api/admin/context/nope');
    expectError(missing, 404, 'NotFoundError', 'Could not find context field with name: nope', { isJoi: true });
  });

  it('validates a new name: 200 when free, 400 when not URL friendly or empty, 409 when taken', async () => {
    expect((await call('POST', 'api/admin/context/validate', { name: 'region' })).status).toBe(200);
    const bad = await call('POST', 'api/admin/context/validate', { name: 'my region' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      isJoi: true,
      details: [{ message: '"name" must be URL friendly', path: ['name'] }],
    });
    expect((await call('POST', 'api/admin/context/validate', { name: '' })).body.details[0].message).toBe(
      '"name" is not allowed to be empty',
    );
    const taken = await call('POST', 'api/admin/context/validate', { name: 'userId' });
    expectError(taken, 409, 'NameExistsError', 'A context field with that name already exist', { isJoi: true });
  });

  it('creates a field (201, empty) with legal values kept sorted, and an event', async () => {
    const created = await call('POST', 'api/admin/context', {
      name: 'region',
      description: 'Region',
      legalValues: ['us', 'eu', ' asia '],
      stickiness: true,
    });
    expect(created.status).toBe(201);
    expect(created.text).toBe('');
    const one = (await call('GET', 'api/admin/context/region')).body;
    expect(keys(one)).toEqual(FIELD_WITH_VALUES);
    expect(one).toMatchObject({
      name: 'region',
      description: 'Region',
      stickiness: true,
      sortOrder: 10,
      legalValues: ['asia', 'eu', 'us'],
    });
    expect((await call('GET', 'api/admin/context')).body.at(-1).name).toBe('region');
    const [event] = await server.sql(`select created_by, data from events where type = 'context-field-created'`);
    expect(event).toMatchObject({ created_by: 'admin', data: { name: 'region', legalValues: ['asia', 'eu', 'us'] } });

    expect((await call('POST', 'api/admin/context', { name: 'tenant', sortOrder: 5 })).status).toBe(201);
    const names = (await call('GET', 'api/admin/context')).body.map((f: { name: string }) => f.name);
    expect(names).toEqual(['environment', 'userId', 'appName', 'sessionId', 'remoteAddress', 'tenant', 'region']);
  });

  it('refuses duplicates, bad names and bad legal values, writing nothing', async () => {
    const before = await fieldsInDb();
    const duplicate = await call('POST', 'api/admin/context', { name: 'region' });
    expectError(duplicate, 409, 'NameExistsError', 'A context field with that name already exist', { isJoi: true });
    expect((await call('POST', 'api/admin/context', { name: 'bad name' })).body.details[0].message).toBe(
      '"name" must be URL friendly',
    );
    const twice = await call('POST', 'api/admin/context', { name: 'twice', legalValues: ['a', 'b', 'a'] });
    expectInvalid(twice, ['legalValues[2]'], '"legalValues[2]" contains a duplicate value: a');
    const blank = await call('POST', 'api/admin/context', { name: 'blank', legalValues: ['a', '  '] });
    expect(blank.body.details[0].message).toBe('"legalValues[1]" is not allowed to be empty');
    expect((await call('POST', 'api/admin/context', { name: 'numbers', legalValues: [1, {}] })).status).toBe(400);
    expect((await call('POST', 'api/admin/context', { description: 'no name' })).body.details[0].path).toEqual([
      'name',
    ]);
    expect(await fieldsInDb()).toBe(before);
    expect(await eventTypes()).toEqual(['context-field-created', 'context-field-created']);
  });

  it('updates a field (200) with an event holding before and after; the name cannot change', async () => {
    const updated = await call('PUT', 'api/admin/context/region', {
      name: 'region',
      createdAt: '2020-01-01T00:00:00.000Z',
      description: 'Where',
      legalValues: ['us', 'eu'],
      stickiness: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toBe('');
    expect((await call('GET', 'api/admin/context/region')).body).toMatchObject({
      description: 'Where',
      legalValues: ['eu', 'us'],
      stickiness: false,
      sortOrder: 10,
    });
    const cleared = await call('PUT', 'api/admin/context/region', { legalValues: [] });
    expect(cleared.status).toBe(200);
    expect(keys((await call('GET', 'api/admin/context/region')).body)).toEqual(FIELD);
    const [event] = await server.sql(
      `select data, pre_data from events where type = 'context-field-updated' order by id limit 1`,
    );
    expect(event).toMatchObject({
      data: { description: 'Where', legalValues: ['eu', 'us'] },
      pre_data: { description: 'Region', stickiness: true },
    });

    const renamed = await call('PUT', 'api/admin/context/region', { name: 'area' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.details[0].message).toBe('"name" must be region: a context field cannot be renamed');
    expect((await call('PUT', 'api/admin/context/region', { legalValues: ['x', 'x'] })).status).toBe(400);
    expect((await call('PUT', 'api/admin/context/nope', { description: 'x' })).status).toBe(404);
    expect(await eventTypes()).toEqual([
      'context-field-created',
      'context-field-created',
      'context-field-updated',
      'context-field-updated',
    ]);
  });

  it('deletes a field (200) with an event; unknown names get 404', async () => {
    const deleted = await call('DELETE', 'api/admin/context/tenant');
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await call('GET', 'api/admin/context/tenant')).status).toBe(404);
    expect((await call('DELETE', 'api/admin/context/tenant')).status).toBe(404);
    const [event] = await server.sql(`select data, pre_data from events where type = 'context-field-deleted'`);
    expect(event).toMatchObject({ data: { name: 'tenant' }, pre_data: { name: 'tenant', sortOrder: 5 } });
  });
});

describe('context field permissions', () => {
  it('refuses every change to a Viewer with 403 and changes nothing', async () => {
    const before = await server.sql('select count(*)::int as n from events');
    const refusals = [
      await call('POST', 'api/admin/context', { name: 'byViewer' }, viewer),
      await call('PUT', 'api/admin/context/region', { description: 'viewer' }, viewer),
      await call('DELETE', 'api/admin/context/region', undefined, viewer),
    ];
    expect(refusals.map((r) => [r.status, r.body.permission])).toEqual([
      [403, 'CREATE_CONTEXT_FIELD'],
      [403, 'UPDATE_CONTEXT_FIELD'],
      [403, 'DELETE_CONTEXT_FIELD'],
    ]);
    expect(await server.sql('select count(*)::int as n from events')).toEqual(before);
    expect((await call('GET', 'api/admin/context/region')).body.description).toBe('Where');
  });

  it('lets an Editor create, update and delete', async () => {
    expect(
      (await call('POST', 'api/admin/context', { name: 'byEditor', legalValues: ['b', 'a'] }, editor)).status,
    ).toBe(201);
    expect((await call('PUT', 'api/admin/context/byEditor', { stickiness: true }, editor)).status).toBe(200);
    expect((await call('GET', 'api/admin/context/byEditor')).body).toMatchObject({
      stickiness: true,
      legalValues: ['a', 'b'],
    });
    expect((await call('DELETE', 'api/admin/context/byEditor', undefined, editor)).status).toBe(200);
    const events = await server.sql(`select type from events where data->>'name' = 'byEditor' order by id`);
    expect(events.map((e) => e.type)).toEqual([
      'context-field-created',
      'context-field-updated',
      'context-field-deleted',
    ]);
  });

  it('needs a session', async () => {
    expect((await server.call('GET', 'api/admin/context')).status).toBe(401);
  });
});
