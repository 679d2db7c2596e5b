import { beforeAll, describe, expect, it } from 'vitest';
import { admin, editor, server, useServer } from '../../test-support/fixture.ts';
import { expectInvalid } from '../../test-support/answers.ts';

const ADMIN_TOKEN = '*:*.idempotency-admin-secret-abc';
let adminId: number;
const call = (method: string, path: string, key?: string, body?: unknown, cookie = admin) =>
  server.call(method, path, {
    cookie,
    body,
    contentType: 'application/json',
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const toggle = async (name: string) => (await call('GET', `api/admin/features/${name}`)).body;
const eventCount = async (name: string) => (await call('GET', `api/admin/events/${name}`)).body.events.length;
const keyRows = async () => (await server.sql('select count(*)::int as n from idempotency_keys'))[0].n as number;

useServer({ env: { INIT_ADMIN_API_TOKENS: ADMIN_TOKEN }, users: true });
beforeAll(async () => {
  adminId = (await call('GET', 'api/admin/user')).body.user.id;
  await call('POST', 'api/admin/features', undefined, { name: 'idem.toggle' });
});

describe('Idempotency-Key', () => {
  it('deletes keys older than 24 hours when keys are used', async () => {
    await server.sql(
      `insert into idempotency_keys (principal, key, method, url, status, created_at) values ('user:999', 'old', 'POST', '/x', 200, now() - interval '25 hours')`,
    );
    await call('POST', 'api/admin/features/idem.toggle/stale/on', 'sweep-trigger');
    expect(await server.sql(`select key from idempotency_keys where key = 'old'`)).toEqual([]);
  });

  it('answers a repeat with the first answer and changes nothing', async () => {
    const before = await toggle('idem.toggle');
    const events = await eventCount('idem.toggle');
    const first = await call('POST', 'api/admin/features/idem.toggle/toggle', 'flip-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const after = await toggle('idem.toggle');
    expect(after.enabled).toBe(!before.enabled);
    expect(after.version).toBe(before.version + 1);

    for (let i = 0; i < 2; i += 1) {
      const repeat = await call('POST', 'api/admin/features/idem.toggle/toggle', 'flip-1');
      expect(repeat.status).toBe(200);
      expect(repeat.headers.get('idempotency-replayed')).toBe('true');
      expect(repeat.text).toBe(first.text);
      expect(repeat.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(repeat.headers.get('content-type')).toBe(first.headers.get('content-type'));
    }
    expect(await toggle('idem.toggle')).toEqual(after);
    expect(await eventCount('idem.toggle')).toBe(events + 1);
  });

  it('replays a creation (201) instead of answering that the name exists', async () => {
    const first = await call('POST', 'api/admin/projects/default/features', 'create-1', { name: 'idem.created' });
    expect(first.status).toBe(201);
    const repeat = await call('POST', 'api/admin/projects/default/features', 'create-1', { name: 'idem.created' });
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get('idempotency-replayed')).toBe('true');
    expect(await eventCount('idem.created')).toBe(1);
  });

  it('adds a strategy once however often the add is repeated', async () => {
    const path = 'api/admin/projects/default/features/idem.toggle/environments/development/strategies';
    const count = (await call('GET', path)).body.length;
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(await call('POST', path, 'add-1', { name: 'userWithId', parameters: { userIds: 'a' } }));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await call('GET', path)).body).toHaveLength(count + 1);
  });

  it('stores and replays 4xx answers too, with their body', async () => {
    const path = 'api/admin/projects/default/features/idem.toggle/environments/production/on';
    const strategies = 'api/admin/projects/default/features/idem.toggle/environments/production/strategies';
    for (const s of (await call('GET', strategies)).body) await call('DELETE', `${strategies}/${s.id}`);
    const first = await call('POST', path, 'env-on-1');
    expect(first.status).toBe(400);
    await call('POST', strategies, undefined, { name: 'default' });
    const repeat = await call('POST', path, 'env-on-1');
    expect(repeat.status).toBe(400);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get('idempotency-replayed')).toBe('true');
    expect((await call('POST', path, 'env-on-2')).status).toBe(200);
  });

  it('refuses the same key on another path or method with 422, changing nothing', async () => {
    const before = await toggle('idem.toggle');
    const otherPath = await call('POST', 'api/admin/features/idem.toggle/stale/on', 'flip-1');
    expect(otherPath.status).toBe(422);
    const message =
      'The Idempotency-Key flip-1 was already used for POST /api/admin/features/idem.toggle/toggle: use a new key for another call';
    expect(otherPath.body).toEqual({ name: 'IdempotencyKeyReusedError', message, details: [{ message }] });
    expect(await toggle('idem.toggle')).toEqual(before);

    const url = 'api/admin/projects/default/features/idem.toggle';
    const patched = await call('PATCH', url, 'meta-1', [{ op: 'replace', path: '/description', value: 'patched' }]);
    expect(patched.status).toBe(200);
    const otherMethod = await call('PUT', url, 'meta-1', { name: 'idem.toggle', description: 'put' });
    expect(otherMethod.status).toBe(422);
    expect((await toggle('idem.toggle')).description).toBe('patched');
  });

  it('refuses the same key on the same URL with another body with 422, changing nothing', async () => {
    const url = 'api/admin/projects/default/features/idem.toggle';
    const first = await call('PATCH', url, 'body-1', [{ op: 'replace', path: '/description', value: 'first' }]);
    expect(first.status).toBe(200);
    const other = await call('PATCH', url, 'body-1', [{ op: 'replace', path: '/description', value: 'second' }]);
    expect(other.status).toBe(422);
    const message = `The Idempotency-Key body-1 was already used for PATCH /${url} with another body: use a new key for another change`;
    expect(other.body).toEqual({ name: 'IdempotencyKeyReusedError', message, details: [{ message }] });
    expect((await toggle('idem.toggle')).description).toBe('first');
    // the same body, its keys in another order, is the same call: replayed
    const same = await call('PATCH', url, 'body-1', [{ value: 'first', path: '/description', op: 'replace' }]);
    expect(same.status).toBe(200);
    expect(same.headers.get('idempotency-replayed')).toBe('true');
  });

  it('keeps keys per caller: users and API tokens have their own', async () => {
    const before = await toggle('idem.toggle');
    const byEditor = await call('POST', 'api/admin/features/idem.toggle/toggle', 'flip-1', undefined, editor);
    expect(byEditor.status).toBe(200);
    expect(byEditor.headers.get('idempotency-replayed')).toBeNull();
    const byToken = await server.call('POST', 'api/admin/features/idem.toggle/toggle', {
      token: ADMIN_TOKEN,
      contentType: 'application/json',
      headers: { 'idempotency-key': 'flip-1' },
    });
    expect(byToken.headers.get('idempotency-replayed')).toBeNull();
    const again = await server.call('POST', 'api/admin/features/idem.toggle/toggle', {
      token: ADMIN_TOKEN,
      contentType: 'application/json',
      headers: { 'idempotency-key': 'flip-1' },
    });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect((await toggle('idem.toggle')).version).toBe(before.version + 2);
    const principals = await server.sql(
      `select principal from idempotency_keys where key = 'flip-1' order by principal`,
    );
    expect(principals.map((r) => r.principal)).toEqual([
      expect.stringMatching(/^token:[0-9a-f]{32}$/),
      `user:${adminId}`,
      expect.stringMatching(/^user:\d+$/),
    ]);
    expect(JSON.stringify(principals)).not.toContain('idempotency-admin-secret');
  });

  it('answers 409 while the first request is still being handled; an abandoned one is taken over', async () => {
    const path = '/api/admin/features/idem.toggle/stale/on';
    await server.sql(
      `insert into idempotency_keys (principal, key, method, url) values ('user:${adminId}', 'busy', 'POST', '${path}')`,
    );
    const before = await toggle('idem.toggle');
    const busy = await call('POST', path, 'busy');
    expect(busy.status).toBe(409);
    expect(busy.body.name).toBe('IdempotencyKeyInProgressError');
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await toggle('idem.toggle')).toEqual(before);
    await server.sql(`update idempotency_keys set created_at = now() - interval '3 minutes' where key = 'busy'`);
    const taken = await call('POST', path, 'busy');
    expect(taken.status).toBe(200);
    expect(taken.headers.get('idempotency-replayed')).toBeNull();
    expect((await call('POST', path, 'busy')).headers.get('idempotency-replayed')).toBe('true');
  });

  it('does not store 5xx answers: a retry goes through', async () => {
    const before = await toggle('idem.toggle');
    await server.sql(
      `create function refuse_events() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    );
    await server.sql(
      'create trigger refuse_events before insert on events for each row execute function refuse_events()',
    );
    try {
      expect((await call('POST', 'api/admin/features/idem.toggle/toggle', 'retry-1')).status).toBe(500);
    } finally {
      await server.sql('drop trigger refuse_events on events');
    }
    expect(await server.sql(`select key from idempotency_keys where key = 'retry-1'`)).toEqual([]);
    const retry = await call('POST', 'api/admin/features/idem.toggle/toggle', 'retry-1');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect((await toggle('idem.toggle')).enabled).toBe(!before.enabled);
  });

  it('treats a key older than 24 hours as new', async () => {
    await server.sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'flip-1'`);
    const reused = await call('POST', 'api/admin/features/idem.toggle/stale/off', 'flip-1');
    expect(reused.status).toBe(200);
    expect(reused.headers.get('idempotency-replayed')).toBeNull();
  });

  it('validates the header and ignores it on reads', async () => {
    const rows = await keyRows();
    const long = await call('POST', 'api/admin/features/idem.toggle/stale/on', 'k'.repeat(201));
    expectInvalid(long, ['Idempotency-Key'], '"Idempotency-Key" must be 1 to 200 characters long');
    expect((await call('POST', 'api/admin/features/idem.toggle/stale/on', '')).status).toBe(400);
    expect((await call('POST', 'api/admin/features/idem.toggle/stale/on', 'k'.repeat(200))).status).toBe(200);
    expect(
      (await call('GET', 'api/admin/features/idem.toggle', 'read-1')).headers.get('idempotency-replayed'),
    ).toBeNull();
    expect(
      (await call('GET', 'api/admin/features/idem.toggle', 'read-1')).headers.get('idempotency-replayed'),
    ).toBeNull();
    expect(await keyRows()).toBe(rows + 1);
  });
});
