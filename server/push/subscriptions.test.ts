import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../test-support/answers.ts';
import { ADMIN_TOKEN, STANDARD_TOKENS, admin, editor, server, useServer, viewer } from '../test-support/fixture.ts';
import { startPushService, type PushService } from '../test-support/push-service.ts';
import { allowsLoopbackHttp, checkEndpoint } from './rules.ts';
import { vapidKeys } from './vapid.ts';

// The VAPID key and each signed-in person's push subscriptions (POST/DELETE api/admin/user/push-subscriptions).

const KEY = 'api/admin/push/vapid-public-key';
const SUBSCRIPTIONS = 'api/admin/user/push-subscriptions';

let pushService: PushService;
const as = (cookie: string) => (method: string, body?: unknown) => server.call(method, SUBSCRIPTIONS, { cookie, body });
const rows = async () =>
  (await server.sql('select user_id, endpoint from push_subscriptions order by id')) as Array<{
    user_id: number;
    endpoint: string;
  }>;
const eventsOf = async (type: string) =>
  (await server.call('GET', `api/admin/events?type=${type}`, { cookie: admin })).body.events;
const idOf = async (cookie: string) => (await server.call('GET', 'api/admin/user', { cookie })).body.user.id;

useServer({ users: true, env: STANDARD_TOKENS });
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService?.close());

describe('the VAPID public key', () => {
  it('is an uncompressed P-256 point, the same on every read, and any signed-in user may read it', async () => {
    const first = await server.call('GET', KEY, { cookie: viewer });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['publicKey']);
    const point = Buffer.from(first.body.publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect((await server.call('GET', KEY, { cookie: editor })).body).toEqual(first.body);
    expect((await server.call('GET', KEY)).status).toBe(401);
  });

  it('is made once: starts that make it at the same time all end with the one stored', async () => {
    const before = (await server.call('GET', KEY, { cookie: admin })).body.publicKey;
    await server.sql("delete from settings where name = 'push.vapid'");
    const made = await Promise.all([1, 2, 3, 4].map(() => vapidKeys(server.db)));
    expect(new Set(made.map((keys) => keys.publicKey)).size).toBe(1);
    expect(made[0].publicKey).not.toBe(before);
    expect((await server.call('GET', KEY, { cookie: admin })).body.publicKey).toBe(made[0].publicKey);
    expect(JSON.stringify(await eventsOf('push-subscription-added'))).not.toContain(made[0].privateKey);
  });
});

describe('push subscriptions', () => {
  it('registers this device for the caller, once: a repeat changes nothing and writes no event', async () => {
    const device = pushService.device();
    const before = (await eventsOf('push-subscription-added')).length;
    const created = await as(editor)('POST', device.subscription);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({ endpoint: device.endpoint, createdAt: expect.any(String) });
    expect(await rows()).toContainEqual({ user_id: await idOf(editor), endpoint: device.endpoint });
    expect((await as(editor)('POST', device.subscription)).status).toBe(201);
    const events = await eventsOf('push-subscription-added');
    expect(events.length).toBe(before + 1);
    expect(events[0]).toMatchObject({ data: { pushService: pushService.url } });
    expect(JSON.stringify(events[0])).not.toContain(device.endpoint);
  });

  it("forgets only the caller's own device: another user's DELETE changes nothing", async () => {
    const device = pushService.device();
    expect((await as(viewer)('POST', device.subscription)).status).toBe(201);
    const removedBefore = (await eventsOf('push-subscription-removed')).length;
    expect((await as(editor)('DELETE', { endpoint: device.endpoint })).status).toBe(200);
    expect((await rows()).map((row) => row.endpoint)).toContain(device.endpoint);
    expect((await eventsOf('push-subscription-removed')).length).toBe(removedBefore);

    const removed = await as(viewer)('DELETE', device.subscription);
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    expect((await rows()).map((row) => row.endpoint)).not.toContain(device.endpoint);
    expect((await eventsOf('push-subscription-removed')).length).toBe(removedBefore + 1);
    expect((await as(viewer)('DELETE', device.subscription)).status).toBe(200); // gone already: nothing to do
  });

  it('a device registered by someone else moves to whoever registers it now', async () => {
    const device = pushService.device();
    await as(viewer)('POST', device.subscription);
    await as(editor)('POST', device.subscription);
    expect((await rows()).filter((row) => row.endpoint === device.endpoint)).toEqual([
      { user_id: await idOf(editor), endpoint: device.endpoint },
    ]);
  });

  it('an API token may not register a device (403), nor anyone signed out (401)', async () => {
    const device = pushService.device();
    expectError(
      await server.call('POST', SUBSCRIPTIONS, { token: ADMIN_TOKEN, body: device.subscription }),
      403,
      'NoAccessError',
      'This call needs a signed-in user; API tokens cannot use it',
    );
    expect((await server.call('POST', SUBSCRIPTIONS, { body: device.subscription })).status).toBe(401);
    expect((await rows()).map((row) => row.endpoint)).not.toContain(device.endpoint);
  });

  it('refuses bad subscriptions with a 400 naming the field, changing nothing', async () => {
    const { subscription } = pushService.device();
    const before = await rows();
    const short = Buffer.alloc(33, 4).toString('base64url');
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const cases: Array<[unknown, Array<string | number>, string]> = [
      [{ ...subscription, endpoint: 'http://push.example.com/x' }, ['endpoint'], '"endpoint" must be an https URL'],
      [{ ...subscription, endpoint: 'not a url' }, ['endpoint'], '"endpoint" must be a valid URL'],
      [
        { ...subscription, endpoint: 'https://u:p@push.example.com/x' },
        ['endpoint'],
        '"endpoint" must not carry credentials',
      ],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: short } }, ['keys', 'p256dh'], P256],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: offCurve } }, ['keys', 'p256dh'], P256],
      [{ ...subscription, keys: { ...subscription.keys, auth: 'AAAA' } }, ['keys', 'auth'], AUTH],
    ];
    for (const [body, path, message] of cases) expectInvalid(await as(editor)('POST', body), path, message);
    for (const body of [
      { endpoint: subscription.endpoint },
      { ...subscription, keys: { ...subscription.keys, auth: 'not base64!' } },
      { ...subscription, extra: 1 },
      { ...subscription, endpoint: 'x'.repeat(3000) },
    ]) {
      const answer = await as(editor)('POST', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.name).toBe('ValidationError');
    }
    expect(await rows()).toEqual(before);
  });
});

const P256 = '"keys.p256dh" must be a P-256 public key of 65 bytes';
const AUTH = '"keys.auth" must be a secret of 16 bytes';

describe('which endpoints are taken', () => {
  const services = ['fcm.googleapis.com', '*.push.apple.com'];
  const check =
    (endpoint: string, loopbackHttp = false) =>
    () =>
      checkEndpoint(endpoint, { loopbackHttp, services });
  it('https on a push service always; http only on loopback, and only where the server runs on loopback', () => {
    expect(allowsLoopbackHttp('http://localhost:4242')).toBe(true);
    expect(allowsLoopbackHttp('http://127.0.0.1:4242/yard')).toBe(true);
    expect(allowsLoopbackHttp('https://localhost:4242')).toBe(false);
    expect(allowsLoopbackHttp('http://flags.example.com')).toBe(false);
    expect(check('https://fcm.googleapis.com/fcm/send/x')).not.toThrow();
    expect(check('https://web.push.apple.com/QG')).not.toThrow();
    expect(check('http://127.0.0.1:9/push', true)).not.toThrow();
    expect(check('http://[::1]:9/push', true)).not.toThrow();
    expect(check('http://127.0.0.1:9/push')).toThrow('"endpoint" must be an https URL');
    expect(check('http://10.0.0.1/push', true)).toThrow('"endpoint" must be an https URL');
    expect(check('ftp://127.0.0.1/push', true)).toThrow('"endpoint" must be an https URL');
  });

  it('refuses https hosts that are not push services (the server would post there)', () => {
    const elsewhere = '"endpoint" must be on a push service: fcm.googleapis.com, *.push.apple.com';
    for (const endpoint of [
      'https://intranet.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://push.apple.com.evil.example/x',
      'https://evilpush.apple.com/x',
      'https://10.0.0.1/x',
    ]) {
      expect(check(endpoint), endpoint).toThrow(elsewhere);
    }
  });
});
