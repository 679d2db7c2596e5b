import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { startServer, type TestServer } from '../test-support/harness.ts';
import { startSecondProcess } from '../test-support/second-process.ts';
import { startReceiver, type Receiver } from '../test-support/addon-receiver.ts';

// Short retries so the fault tests do not wait; polling stays slow, so what arrives at once was woken by the commit.
const ENV = {
  ADDON_RETRY_MS: '50',
  ADDON_MAX_ATTEMPTS: '5',
  ADDON_POLL_MS: '2000',
  ADDON_TIMEOUT_MS: '3000',
  UNLEASH_URL: 'https://yard.example.com/app',
};
const CONSOLE = 'https://yard.example.com/app';

let server: TestServer;
let receiver: Receiver;
let admin: string;
const call = (method: string, path: string, body?: unknown) => server.call(method, path, { cookie: admin, body });
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

async function addAddon(provider: string, parameters: Record<string, string>, events: string[]): Promise<number> {
  const created = await call('POST', 'api/admin/addons', { provider, enabled: true, parameters, events });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

/** Waits (on the database, event by event of the receiver) until none of the addon's deliveries is pending. */
async function settled(addonId: number): Promise<Array<{ status: string; attempts: number }>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await server.sql(
      `select status, attempts from addon_deliveries where addon_id = ${addonId} order by id`,
    );
    if (rows.every((r) => r.status !== 'pending')) return rows as Array<{ status: string; attempts: number }>;
    if (Date.now() > deadline) throw new Error(`deliveries still pending: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  [server, receiver] = await Promise.all([startServer(ENV), startReceiver()]);
  admin = await server.adminCookie();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('addon delivery', () => {
  it('sends a webhook the created and the updated toggle, in order, exactly once each', async () => {
    const id = await addAddon('webhook', { url: `${receiver.url}/hook` }, ['feature-created', 'feature-updated']);
    receiver.received.length = 0;
    expect((await call('POST', 'api/admin/projects/default/features', { name: 'hooked' })).status).toBe(201);
    expect((await call('POST', 'api/admin/features/hooked/toggle/on')).status).toBe(200);
    const [created, updated] = await receiver.waitFor(2);
    expect(await settled(id)).toEqual([
      { status: 'delivered', attempts: 1 },
      { status: 'delivered', attempts: 1 },
    ]);
    expect(receiver.received).toHaveLength(2);
    expect(created.path).toBe('/hook');
    expect(created.headers['content-type']).toBe('application/json');
    const first = json(created.body);
    const second = json(updated.body);
    expect(first).toMatchObject({ type: 'feature-created', createdBy: 'admin', featureName: 'hooked' });
    expect(second).toMatchObject({ type: 'feature-updated', createdBy: 'admin', featureName: 'hooked' });
    expect(Object.keys(first).sort()).toEqual([
      'createdAt',
      'createdBy',
      'data',
      'environment',
      'featureName',
      'id',
      'preData',
      'project',
      'tags',
      'type',
    ]);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));

    const log = await call('GET', `api/admin/addons/${id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body.attempts.map((a: Record<string, unknown>) => [a.eventType, a.statusCode, a.state])).toEqual([
      ['feature-updated', 200, 'delivered'],
      ['feature-created', 200, 'delivered'],
    ]);
    await call('DELETE', `api/admin/addons/${id}`);
  });

  it("renders the webhook's body template and content type as mustache does", async () => {
    const template = '{"event":"{{event.type}}","by":"{{event.createdBy}}","toggle":"{{{event.data.name}}}"}';
    const id = await addAddon(
      'webhook',
      { url: `${receiver.url}/templated`, bodyTemplate: template, contentType: 'text/x-yard' },
      ['feature-created'],
    );
    receiver.received.length = 0;
    await call('POST', 'api/admin/projects/default/features', { name: 'a-b_c' });
    const [request] = await receiver.waitFor(1);
    expect(request.headers['content-type']).toBe('text/x-yard');
    expect(request.body).toBe('{"event":"feature-created","by":"admin","toggle":"a-b_c"}');
    await settled(id);
    await call('DELETE', `api/admin/addons/${id}`);
  });

  it('posts the bodies Slack, Teams and Datadog document, to fake endpoints on loopback', async () => {
    const ids = [
      await addAddon('slack', { url: `${receiver.url}/slack`, defaultChannel: 'toggles', username: 'Yard' }, [
        'feature-created',
      ]),
      await addAddon('teams', { url: `${receiver.url}/teams` }, ['feature-created']),
      await addAddon('datadog', { url: `${receiver.url}/datadog`, apiKey: 'dd-key-123' }, ['feature-created']),
    ];
    receiver.received.length = 0;
    await call('POST', 'api/admin/projects/default/features', { name: 'announced' });
    const requests = await receiver.waitFor(3);
    for (const id of ids) await settled(id);
    const at = (path: string) => requests.find((r) => r.path === path)!;
    const link = `${CONSOLE}/projects/default/features/announced`;
    const text = 'admin created feature toggle';

    expect(at('/slack').body).toBe(
      JSON.stringify({
        username: 'Yard',
        icon_emoji: ':unleash:',
        text: `${text} <${link}|announced> in project *default*`,
        channel: '#toggles',
        attachments: [
          {
            actions: [
              {
                name: 'featureToggle',
                text: 'Open in Unleash',
                type: 'button',
                value: 'featureToggle',
                style: 'primary',
                url: link,
              },
            ],
          },
        ],
      }),
    );
    expect(at('/teams').body).toBe(
      JSON.stringify({
        themeColor: '0076D7',
        summary: 'Message',
        sections: [
          {
            activityTitle: `${text} [announced](${link}) in project *default*`,
            activitySubtitle: 'Unleash notification update',
            facts: [
              { name: 'User', value: 'admin' },
              { name: 'Action', value: 'feature-created' },
            ],
          },
        ],
        potentialAction: [{ '@type': 'OpenUri', name: 'Go to feature', targets: [{ os: 'default', uri: link }] }],
      }),
    );
    const datadog = at('/datadog');
    expect(datadog.headers['dd-api-key']).toBe('dd-key-123');
    expect(datadog.body).toBe(
      JSON.stringify({
        text: `%%% \n ${text} [announced](${link}) in project *default* \n %%% `,
        title: 'Unleash notification update',
        tags: [],
      }),
    );
    for (const r of requests) expect(r.headers['content-type']).toBe('application/json');
    for (const id of ids) await call('DELETE', `api/admin/addons/${id}`);
  });

  it('retries a receiver that answers 500 three times, then delivers once; the log shows every attempt', async () => {
    const id = await addAddon('webhook', { url: `${receiver.url}/flaky` }, ['feature-created']);
    receiver.received.length = 0;
    receiver.answerWith(500, 500, 500);
    await call('POST', 'api/admin/projects/default/features', { name: 'flaky' });
    await receiver.waitFor(4);
    expect(await settled(id)).toEqual([{ status: 'delivered', attempts: 4 }]);
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const log = await call('GET', `api/admin/addons/${id}/deliveries`);
    expect(log.body.attempts.map((a: Record<string, unknown>) => [a.attempt, a.statusCode, a.error, a.state])).toEqual([
      [4, 200, null, 'delivered'],
      [3, 500, null, 'delivered'],
      [2, 500, null, 'delivered'],
      [1, 500, null, 'delivered'],
    ]);
    await call('DELETE', `api/admin/addons/${id}`);
  });

  it('gives up after the last attempt, and at once on a refusal such as 404; errors name no URL', async () => {
    const refused = await addAddon('webhook', { url: `${receiver.url}/gone` }, ['feature-created']);
    const closed = await startReceiver();
    await closed.close(); // its port now refuses connections
    const unreachable = await addAddon('webhook', { url: `${closed.url}/secret-path` }, ['feature-created']);
    receiver.received.length = 0;
    receiver.answerWith(404);
    await call('POST', 'api/admin/projects/default/features', { name: 'nowhere' });
    expect(await settled(refused)).toEqual([{ status: 'failed', attempts: 1 }]);
    expect(await settled(unreachable)).toEqual([{ status: 'failed', attempts: 5 }]);
    const log = await call('GET', `api/admin/addons/${unreachable}/deliveries`);
    expect(log.body.attempts).toHaveLength(5);
    expect(log.body.attempts[0]).toMatchObject({ statusCode: null, error: 'connection refused', state: 'failed' });
    expect(log.text).not.toContain('secret-path');
    expect(log.text).not.toContain('127.0.0.1');
    for (const id of [refused, unreachable]) await call('DELETE', `api/admin/addons/${id}`);
  });

  it('does not let a receiver that never answers hold up another; it times out', async () => {
    const hanging = createServer(() => {}); // takes the request, never answers
    await new Promise<void>((done) => hanging.listen(0, '127.0.0.1', done));
    const address = hanging.address() as AddressInfo;
    try {
      const slow = await addAddon('webhook', { url: `http://127.0.0.1:${address.port}/slow` }, ['feature-created']);
      const fast = await addAddon('webhook', { url: `${receiver.url}/fast` }, ['feature-created']);
      receiver.received.length = 0;
      await call('POST', 'api/admin/projects/default/features', { name: 'not-held-up' });
      await receiver.waitFor(1);
      expect(await settled(fast)).toEqual([{ status: 'delivered', attempts: 1 }]);
      // Disabled, its delivery fails at the next attempt after the one that times out.
      await call('PUT', `api/admin/addons/${slow}`, {
        provider: 'webhook',
        enabled: false,
        parameters: { url: '*****' },
        events: ['feature-created'],
      });
      expect((await settled(slow))[0].status).toBe('failed');
      const slowLog = (await call('GET', `api/admin/addons/${slow}/deliveries`)).body.attempts;
      const fastLog = (await call('GET', `api/admin/addons/${fast}/deliveries`)).body.attempts;
      expect(slowLog[0]).toMatchObject({ statusCode: null, error: 'the addon is disabled', state: 'failed' });
      const timedOut = slowLog.filter((a: { error: string }) => a.error === 'timed out after 3000 ms');
      expect(timedOut.length).toBeGreaterThan(0);
      // The fast receiver's answer was logged before the hanging one's first attempt ended.
      expect(Date.parse(fastLog[0].at)).toBeLessThan(Date.parse(timedOut.at(-1).at));
      for (const id of [slow, fast]) await call('DELETE', `api/admin/addons/${id}`);
    } finally {
      hanging.closeAllConnections();
      await new Promise((done) => hanging.close(done));
    }
  });

  it('lets addons listen to any audited event: a trigger fired reaches a webhook and Slack', async () => {
    const providers = (await call('GET', 'api/admin/addons')).body.providers as Array<{
      name: string;
      events: string[];
    }>;
    const webhookEvents = providers.find((p) => p.name === 'webhook')!.events;
    for (const type of ['feature-trigger-fired', 'change-request-approved', 'segment-created', 'project-created']) {
      expect(webhookEvents).toContain(type);
    }
    const hook = await addAddon('webhook', { url: `${receiver.url}/fired` }, ['feature-trigger-fired']);
    const slack = await addAddon('slack', { url: `${receiver.url}/fired-slack`, defaultChannel: 'oncall' }, [
      'feature-trigger-fired',
    ]);
    const env = 'api/admin/projects/default/features/killed/environments/production';
    expect((await call('POST', 'api/admin/projects/default/features', { name: 'killed' })).status).toBe(201);
    expect((await call('POST', `${env}/strategies`, { name: 'default' })).status).toBe(200);
    expect((await call('POST', `${env}/on`)).status).toBe(200);
    const trigger = await call('POST', 'api/admin/projects/default/features/killed/triggers', {
      environment: 'production',
      action: 'off',
      description: 'Error rate',
    });
    expect(trigger.status, trigger.text).toBe(201);
    receiver.received.length = 0;
    const fired = await server.call('POST', trigger.body.url.slice(`${CONSOLE}/`.length));
    expect(fired.status, fired.text).toBe(200);
    await receiver.waitFor(2);
    expect(await settled(hook)).toEqual([{ status: 'delivered', attempts: 1 }]);
    expect(await settled(slack)).toEqual([{ status: 'delivered', attempts: 1 }]);
    const byPath = new Map(receiver.received.map((r) => [r.path, json(r.body)]));
    expect(byPath.get('/fired')).toMatchObject({
      type: 'feature-trigger-fired',
      featureName: 'killed',
      environment: 'production',
      data: { action: 'off', description: 'Error rate', changed: true },
    });
    expect(byPath.get('/fired-slack')).toMatchObject({
      channel: '#oncall',
      text:
        `The trigger "Error rate" turned <${CONSOLE}/projects/default/features/killed|killed> *off* in *production* ` +
        'environment in project *default*',
    });
    for (const id of [hook, slack]) await call('DELETE', `api/admin/addons/${id}`);
  });

  it('queues nothing for a disabled addon or an event it does not listen to', async () => {
    const id = await addAddon('webhook', { url: `${receiver.url}/quiet` }, ['feature-archived']);
    const off = await call('POST', 'api/admin/addons', {
      provider: 'webhook',
      enabled: false,
      parameters: { url: `${receiver.url}/off` },
      events: ['feature-created'],
    });
    await call('POST', 'api/admin/projects/default/features', { name: 'unheard' });
    const rows = await server.sql(
      `select count(*)::int as n from addon_deliveries where addon_id in (${id}, ${off.body.id})`,
    );
    expect(rows[0].n).toBe(0);
    for (const addon of [id, off.body.id]) await call('DELETE', `api/admin/addons/${addon}`);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('two processes on one PostgreSQL', () => {
  it('never send one delivery twice', async () => {
    const second = await startSecondProcess(server);
    try {
      const id = await addAddon('webhook', { url: `${receiver.url}/shared` }, ['feature-created']);
      receiver.received.length = 0;
      // Half the toggles through each process, so both workers are woken and claim from the same outbox.
      const names = Array.from({ length: 20 }, (_, i) => `shared-${i}`);
      for (const [i, name] of names.entries()) {
        const base = i % 2 === 0 ? `${server.url}${server.base}` : second.url;
        const response = await fetch(`${base}/api/admin/projects/default/features`, {
          method: 'POST',
          headers: { cookie: admin, 'content-type': 'application/json', [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE },
          body: JSON.stringify({ name }),
        });
        expect(response.status).toBe(201);
      }
      await receiver.waitFor(20);
      expect((await settled(id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
      const delivered = receiver.received.filter((r) => r.path === '/shared').map((r) => json(r.body).featureName);
      expect(delivered).toEqual(names);
      await call('DELETE', `api/admin/addons/${id}`);
    } finally {
      await second.close();
    }
  });
});
