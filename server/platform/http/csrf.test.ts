import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../../contract/http.ts';
import { startServer, ADMIN_PASSWORD, type CallResult, type TestServer } from '../../test-support/harness.ts';
import { admin, server, useServer } from '../../test-support/fixture.ts';
import { expectError } from '../../test-support/answers.ts';

const ADMIN_TOKEN = '*:*.csrf-admin-token-0000000000';
const CLIENT_TOKEN = 'default:development.csrf-client-token-000000';
const PUBLIC_URL = 'https://yard.example.com/yard';
const console_ = { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE };

useServer({
  env: {
    BASE_URI_PATH: '/yard',
    UNLEASH_URL: PUBLIC_URL,
    INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
    INIT_CLIENT_API_TOKENS: CLIENT_TOKEN,
  },
});
beforeAll(async () => {
  const created = await server.call('POST', 'api/admin/projects/default/features', {
    cookie: admin,
    body: { name: 'target' },
  });
  expect(created.status).toBe(201);
});

/** A request exactly as given (the harness adds the console header; a forged request has only what it sets). */
async function send(target: TestServer, method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${target.url}${target.base}/${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
}

/** What a forged change could have altered: the toggle and the audit log. */
async function state(target: TestServer = server, cookie = admin) {
  const toggle = await target.call('GET', 'api/admin/features/target', { cookie });
  const events = await target.call('GET', 'api/admin/events', { cookie });
  return { stale: toggle.body.stale, enabled: toggle.body.enabled, events: events.body.events.length };
}

function expectRefused(answer: CallResult, message: RegExp) {
  expectError(answer, 403, 'CsrfError', answer.body.message);
  expect(answer.body.message).toMatch(message);
}

describe('a change made with the session cookie', () => {
  it('is refused without the console header (a form, a beacon, a no-cors fetch), and changes nothing', async () => {
    const before = await state();
    for (const [path, body, type] of [
      ['api/admin/features/target/toggle/on', undefined, undefined],
      ['api/admin/features/target/stale/on', undefined, undefined],
      ['api/admin/projects/default/features/target', '{"description":"x"}', 'application/json'],
    ] as const) {
      const headers: Record<string, string> = { cookie: admin, ...(type && { 'content-type': type }) };
      const method = path.includes('projects') ? 'PUT' : 'POST';
      expectRefused(
        await send(server, method, path, headers, body),
        /must carry the header X-Requested-With: switchyard, as the Switchyard console sends it/,
      );
    }
    expectRefused(await send(server, 'DELETE', 'api/admin/features/target', { cookie: admin }), /X-Requested-With/);
    // A beacon or a form with a text body is not even parsed (only JSON is).
    const text = await send(
      server,
      'POST',
      'api/admin/features/target/stale/on',
      {
        cookie: admin,
        'content-type': 'text/plain',
      },
      'x',
    );
    expect(text.status).toBe(415);
    expect(await state()).toEqual(before);
  });

  it('is refused when Sec-Fetch-Site names another origin or site, even with the header', async () => {
    const before = await state();
    for (const site of ['same-site', 'cross-site']) {
      const answer = await send(server, 'POST', 'api/admin/features/target/toggle/on', {
        cookie: admin,
        ...console_,
        'sec-fetch-site': site,
      });
      expectRefused(answer, new RegExp(`Sec-Fetch-Site: ${site}`));
    }
    expect(await state()).toEqual(before);
  });

  it('is refused when Origin is not this server (another port, another host, null), even with the header', async () => {
    const before = await state();
    const port = Number(new URL(server.url).port);
    for (const origin of [
      `http://127.0.0.1:${port + 1}`,
      'http://localhost:' + port,
      `https://127.0.0.1:${port}`,
      'null',
    ]) {
      const answer = await send(server, 'POST', 'api/admin/features/target/toggle/on', {
        cookie: admin,
        ...console_,
        origin,
      });
      expectRefused(answer, /which is not this server's origin/);
    }
    expect(await state()).toEqual(before);
  });

  it('is accepted from the console: the header, with its own origin or the public URL, same-origin or no metadata', async () => {
    const origin = new URL(server.url).origin;
    const accepted = [
      { ...console_ },
      { ...console_, origin, 'sec-fetch-site': 'same-origin' },
      { ...console_, origin: new URL(PUBLIC_URL).origin },
      { ...console_, 'sec-fetch-site': 'none' },
    ];
    for (const [i, headers] of accepted.entries()) {
      const path = `api/admin/features/target/stale/${i % 2 === 0 ? 'on' : 'off'}`;
      const answer = await send(server, 'POST', path, { cookie: admin, ...headers });
      expect(answer.status, answer.text).toBe(200);
    }
    expect((await state()).stale).toBe(false);
  });

  it('leaves reads alone: a GET needs no header and may come from anywhere', async () => {
    const answer = await send(server, 'GET', 'api/admin/features/target', {
      cookie: admin,
      'sec-fetch-site': 'cross-site',
      origin: 'https://elsewhere.example',
    });
    expect(answer.status).toBe(200);
  });
});

describe('calls with an API token', () => {
  it('are not affected: an admin token changes without the header, SDKs register and send metrics', async () => {
    const flipped = await send(server, 'POST', 'api/admin/features/target/stale/on', { authorization: ADMIN_TOKEN });
    expect(flipped.status, flipped.text).toBe(200);
    const back = await send(server, 'POST', 'api/admin/features/target/stale/off', {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'sec-fetch-site': 'cross-site',
    });
    expect(back.status, back.text).toBe(200);
    const json = { authorization: CLIENT_TOKEN, 'content-type': 'application/json' };
    const registered = await send(
      server,
      'POST',
      'api/client/register',
      json,
      JSON.stringify({
        appName: 'sdk-app',
        instanceId: 'i-1',
        strategies: ['default'],
        started: new Date(),
        interval: 10,
      }),
    );
    expect(registered.status, registered.text).toBe(202);
    const bucket = { start: new Date(Date.now() - 60_000), stop: new Date(), toggles: { target: { yes: 1, no: 0 } } };
    const metrics = await send(
      server,
      'POST',
      'api/client/metrics',
      json,
      JSON.stringify({ appName: 'sdk-app', instanceId: 'i-1', bucket }),
    );
    expect(metrics.status, metrics.text).toBe(202);
  });
});

describe('sign-in (login CSRF)', () => {
  const login = (headers: Record<string, string>) =>
    send(
      server,
      'POST',
      'auth/simple/login',
      { 'content-type': 'application/json', ...headers },
      JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    );

  it('is refused from another origin or site, and no session cookie is set', async () => {
    const forged: Array<Record<string, string>> = [
      { origin: 'http://127.0.0.1:1' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const answer = await login(headers);
      expect(answer.status).toBe(403);
      expect(answer.body.name).toBe('CsrfError');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
  });

  it('is accepted from its own origin, and from scripts that send no Origin (no console header needed)', async () => {
    const own: Array<Record<string, string>> = [
      { origin: new URL(server.url).origin, 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of own) {
      const answer = await login(headers);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith('unleash-session='))).toBe(true);
    }
  });
});

describe('AUTH_TYPE=none (every browser request acts as the admin, no cookie at all)', () => {
  it('still refuses a change without the console header', async () => {
    const open = await startServer({ AUTH_TYPE: 'none' });
    try {
      const created = await open.call('POST', 'api/admin/projects/default/features', { body: { name: 'target' } });
      expect(created.status, created.text).toBe(201);
      const before = await state(open, '');
      expectRefused(await send(open, 'POST', 'api/admin/features/target/toggle/on', {}), /X-Requested-With/);
      expect(await state(open, '')).toEqual(before);
      expect((await send(open, 'POST', 'api/admin/features/target/stale/on', console_)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const forwarded = {
    'x-forwarded-for': '203.0.113.9',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'proxy.example.com',
  };

  /** The address an SDK registered from, as the applications list shows it. */
  async function registeredFrom(target: TestServer, cookie: string): Promise<string> {
    const headers = { authorization: CLIENT_TOKEN, 'content-type': 'application/json', ...forwarded };
    const body = {
      appName: 'proxied-app',
      instanceId: 'i-1',
      strategies: ['default'],
      started: new Date(),
      interval: 9,
    };
    expect((await send(target, 'POST', 'api/client/register', headers, JSON.stringify(body))).status).toBe(202);
    const app = await target.call('GET', 'api/admin/metrics/applications/proxied-app', { cookie });
    return app.body.instances[0].clientIp;
  }

  it('unset: forwarded headers are ignored (address, scheme and host are the peer and the Host header)', async () => {
    expect(await registeredFrom(server, admin)).toBe('127.0.0.1');
    const answer = await send(server, 'POST', 'api/admin/features/target/stale/on', {
      cookie: admin,
      ...console_,
      ...forwarded,
      origin: 'https://proxy.example.com',
    });
    expectRefused(answer, /https:\/\/proxy\.example\.com, which is not this server's origin/);
  });

  it("set to the proxy's address: the client's address, scheme and host come from the proxy", async () => {
    const proxied = await startServer({ TRUST_PROXY: '127.0.0.1', INIT_CLIENT_API_TOKENS: CLIENT_TOKEN });
    try {
      const cookie = await proxied.adminCookie();
      expect(await registeredFrom(proxied, cookie)).toBe('203.0.113.9');
      const created = await send(
        proxied,
        'POST',
        'api/admin/projects/default/features',
        { cookie, ...console_, ...forwarded, origin: 'https://proxy.example.com', 'content-type': 'application/json' },
        JSON.stringify({ name: 'via-proxy' }),
      );
      expect(created.status, created.text).toBe(201);
      // The Host header's origin is not the client's any more: the proxy's forwarded one is.
      const direct = await send(proxied, 'POST', 'api/admin/features/via-proxy/stale/on', {
        cookie,
        ...console_,
        ...forwarded,
        origin: new URL(proxied.url).origin,
      });
      expectRefused(direct, /which is not this server's origin/);
    } finally {
      await proxied.close();
    }
  });
});
