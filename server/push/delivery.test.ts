import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test-support/harness.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';
import { startSecondProcess, type SecondProcess } from '../test-support/second-process.ts';
import { startPushService, type Device, type PushService } from '../test-support/push-service.ts';

// Web Push delivery: audit events are turned into notices for the people they concern, queued in the push outbox in
// the background and sent, encrypted for each device and signed with the instance's VAPID key, to a real push
// service on loopback that decrypts them. A 404 or 410 removes the subscription; other failures are retried.

useServer({ env: { ADDON_RETRY_MS: '50', ADDON_POLL_MS: '200', ADDON_MAX_ATTEMPTS: '5', ADDON_TIMEOUT_MS: '3000' } });

let pushService: PushService;
afterEach(() => pushService?.close());

const call = (cookie: string, method: string, path: string, body?: unknown) =>
  server.call(method, path, { cookie, body });
const ok = async (answer: Promise<{ status: number; text: string; body: unknown }>) => {
  const result = await answer;
  expect(result.status, result.text).toBeLessThan(300);
  return result;
};
const subscribe = async (user: { cookie: string }, device: Device) =>
  ok(call(user.cookie, 'POST', 'api/admin/user/push-subscriptions', device.subscription));
const toggle = (project: string, name: string) => `api/admin/projects/${project}/features/${name}`;
const createToggle = (project: string, name: string) =>
  ok(call(admin, 'POST', `api/admin/projects/${project}/features`, { name }));
const pin = (user: TestUser, name: string) => ok(call(user.cookie, 'POST', `${toggle('default', name)}/favorites`));
const turnOn = (name: string, environment: string) =>
  ok(call(admin, 'POST', `${toggle('default', name)}/environments/${environment}/on`));

/** Which device each queued delivery of these toggles' or requests' events went to, and the event's type. */
async function queued(eventIds: string) {
  return server.sql(`select s.endpoint, d.status, d.attempts, d.last_status as "lastStatus"
    from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
    where d.event_id in (${eventIds}) order by d.id`);
}
const eventIdsOf = (where: string) => `select id from events where ${where}`;

/** Waits until `check` holds, looking every 50 ms (the worker runs in the background), for at most `withinMs`. */
async function eventually(check: () => Promise<boolean>, withinMs = 30_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Waits until the background fan-out has looked at every event the query names. */
const fannedOut = (eventIds: string) =>
  eventually(
    async () =>
      (
        await server.sql(`select 1 from settings where name = 'push.cursor'
          and (content->>'eventId')::int >= (select max(id) from (${eventIds}) e)`)
      ).length === 1,
  );

let publicKey: string;
beforeAll(async () => {
  publicKey = (await call(admin, 'GET', 'api/admin/push/vapid-public-key')).body.publicKey;
});

describe('push notifications', () => {
  it('a request sent to review reaches every approver but its author; its approval reaches the author', async () => {
    pushService = await startPushService();
    const [author, approver, viewer] = await Promise.all([
      server.createUser('Editor'),
      server.createUser('Editor'),
      server.createUser('Viewer'),
    ]);
    const devices = { admin: pushService.device(), author: pushService.device(), approver: pushService.device() };
    const viewerDevice = pushService.device();
    await subscribe({ cookie: admin }, devices.admin);
    await subscribe(author, devices.author);
    await subscribe(approver, devices.approver);
    await subscribe(viewer, viewerDevice);
    await ok(call(admin, 'POST', 'api/admin/projects', { id: 'pushcr', name: 'Push' }));
    await createToggle('pushcr', 'push.cr');
    await ok(
      call(admin, 'PUT', 'api/admin/projects/pushcr/environments/production/change-requests/config', {
        changeRequestsEnabled: true,
        requiredApprovals: 1,
      }),
    );
    const draft = await ok(
      call(author.cookie, 'POST', 'api/admin/projects/pushcr/environments/production/change-requests', {
        feature: 'push.cr',
        action: 'updateEnabled',
        payload: { enabled: true },
      }),
    );
    const id = (draft.body as { id: number }).id;
    const state = (cookie: string, body: unknown) =>
      ok(call(cookie, 'PUT', `api/admin/projects/pushcr/change-requests/${id}/state`, body));
    await state(author.cookie, { state: 'In review' });

    const review = await pushService.waitFor(2);
    const url = `/projects/pushcr/change-requests/${id}`;
    expect(review.map((push) => push.path).sort()).toEqual(
      [devices.admin, devices.approver].map((device) => new URL(device.endpoint).pathname).sort(),
    );
    for (const push of review) {
      expect(push.message).toEqual({
        title: `Change request #${id} awaits your approval`,
        body: `${author.email} asks to change production in pushcr.`,
        url,
      });
      expect(push.headers.ttl).toBe(String(24 * 3600));
      expect(push.vapid).toMatchObject({ aud: pushService.url, sub: 'mailto:noreply@localhost', publicKey });
      expect(push.vapid.exp * 1000).toBeGreaterThan(Date.now());
    }

    await state(approver.cookie, { state: 'Approved' });
    const [approved] = (await pushService.waitFor(3)).slice(2);
    expect(approved.path).toBe(new URL(devices.author.endpoint).pathname);
    expect(approved.message).toEqual({
      title: `Your change request #${id} was approved`,
      body: `${approver.email} approved it: it can be applied.`,
      url,
    });
    // The author applies it: nobody is told what they did themselves.
    await state(author.cookie, { state: 'Applied' });
    const events = eventIdsOf(`type like 'change-request-%' and project = 'pushcr'`);
    await fannedOut(events);
    const endpoints = (await queued(events)).map((row) => row.endpoint).sort();
    expect(endpoints).toEqual([devices.admin, devices.approver, devices.author].map((d) => d.endpoint).sort());
    expect(pushService.errors).toEqual([]);
  });

  it('a change in a production environment reaches who pinned the toggle, but not whoever made it', async () => {
    pushService = await startPushService();
    const [pinner, other] = await Promise.all([server.createUser('Viewer'), server.createUser('Viewer')]);
    const [pinnerDevice, otherDevice, adminDevice] = [pushService.device(), pushService.device(), pushService.device()];
    await subscribe(pinner, pinnerDevice);
    await subscribe(other, otherDevice);
    await subscribe({ cookie: admin }, adminDevice);
    await createToggle('default', 'push.pin');
    await pin(pinner, 'push.pin');
    await ok(call(admin, 'POST', `${toggle('default', 'push.pin')}/favorites`));
    await turnOn('push.pin', 'development');
    await turnOn('push.pin', 'production');

    const [push] = await pushService.waitFor(1);
    expect(push.path).toBe(new URL(pinnerDevice.endpoint).pathname);
    expect(push.message).toEqual({
      title: 'push.pin changed in production',
      body: 'admin turned it on.',
      url: '/projects/default/features/push.pin',
    });
    const events = eventIdsOf(`feature_name = 'push.pin'`);
    await fannedOut(events);
    expect((await queued(events)).map((row) => row.endpoint)).toEqual([pinnerDevice.endpoint]);
    expect(pushService.errors).toEqual([]);
  });

  it('a trigger fired on a toggle reaches who pinned it', async () => {
    pushService = await startPushService();
    const user = await server.createUser('Viewer');
    const device = pushService.device();
    await subscribe(user, device);
    await createToggle('default', 'push.trigger');
    await pin(user, 'push.trigger');
    const created = await ok(
      call(admin, 'POST', `${toggle('default', 'push.trigger')}/triggers`, {
        environment: 'production',
        action: 'off',
        description: 'PagerDuty: checkout errors',
      }),
    );
    const secretPath = new URL((created.body as { url: string }).url).pathname.replace(/^\//, '');
    expect((await server.call('POST', secretPath, { body: { incident: 1 } })).status).toBe(200);

    const [push] = await pushService.waitFor(1);
    expect(push.message).toEqual({
      title: 'Trigger fired: push.trigger',
      body: 'PagerDuty: checkout errors: turned off in production.',
      url: '/projects/default/features/push.trigger',
    });
  });

  it('a push service answering 410 has the subscription removed, and audited', async () => {
    pushService = await startPushService();
    const user = await server.createUser('Viewer');
    const device = pushService.device();
    await subscribe(user, device);
    await createToggle('default', 'push.gone');
    await pin(user, 'push.gone');
    pushService.answerWith(410);
    await turnOn('push.gone', 'production');

    await pushService.waitFor(1);
    const subscriptions = () => server.sql(`select 1 from push_subscriptions where user_id = ${user.id}`);
    await eventually(async () => (await subscriptions()).length === 0);
    const removed = (await call(admin, 'GET', 'api/admin/events?type=push-subscription-removed')).body.events[0];
    expect(removed).toMatchObject({ createdBy: 'system', data: { pushService: pushService.url, reason: 'gone' } });
    expect(await queued(eventIdsOf(`feature_name = 'push.gone'`))).toEqual([]);
  });

  it('a push service failing with 500 and 503 gets the same message again until it takes it', async () => {
    pushService = await startPushService();
    const user = await server.createUser('Viewer');
    const device = pushService.device();
    await subscribe(user, device);
    await createToggle('default', 'push.retry');
    await pin(user, 'push.retry');
    pushService.answerWith(500, 503);
    await turnOn('push.retry', 'production');

    const pushes = await pushService.waitFor(3);
    expect(new Set(pushes.map((push) => JSON.stringify(push.message))).size).toBe(1);
    const events = eventIdsOf(`feature_name = 'push.retry'`);
    await eventually(async () => (await queued(events))[0]?.status === 'delivered');
    expect(await queued(events)).toEqual([
      { endpoint: device.endpoint, status: 'delivered', attempts: 3, lastStatus: 201 },
    ]);
    await new Promise((done) => setTimeout(done, 300));
    expect(pushService.pushes.length).toBe(3); // delivered once taken: never sent again
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('push notifications with three processes on one PostgreSQL', () => {
  let others: SecondProcess[] = [];
  beforeAll(async () => {
    others = await Promise.all([startSecondProcess(server), startSecondProcess(server)]);
  });
  afterAll(() => Promise.all(others.map((other) => other.close())));

  it('each event is queued once per device and sent once, whichever process takes it', async () => {
    pushService = await startPushService();
    const user = await server.createUser('Viewer');
    const device = pushService.device();
    await subscribe(user, device);
    await createToggle('default', 'push.many');
    await pin(user, 'push.many');
    for (const state of ['on', 'off', 'on', 'off', 'on']) {
      await ok(call(admin, 'POST', `${toggle('default', 'push.many')}/environments/production/${state}`));
    }

    await pushService.waitFor(5);
    const events = eventIdsOf(`feature_name = 'push.many' and type like 'feature-environment-%'`);
    await eventually(async () => (await queued(events)).every((row) => row.status === 'delivered'));
    const rows = await queued(events);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(pushService.pushes.map((push) => push.message.body)).toEqual(
      expect.arrayContaining(['admin turned it on.', 'admin turned it off.']),
    );
    expect(pushService.pushes).toHaveLength(5);
    expect(pushService.errors).toEqual([]);
  });
});
