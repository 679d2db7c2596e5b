// The streaming API (GET api/client/streaming): on the wire, with the official Node SDK in streaming mode, past the
// maximum of streams, and across two processes on one PostgreSQL.
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Unleash } from 'unleash-client';
import type { ClientDelta } from '../../contract/client-api.ts';
import { readEventStream, type ReadStream, type StreamMessage } from '../test-support/event-stream.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';
import { startServer, type TestServer } from '../test-support/harness.ts';
import { restartedApp, useSecondProcess } from '../test-support/second-process.ts';
import { snapshotsOf } from './snapshots.ts';

const CLIENT = '*:default.streaming-client-secret-abcdef';
const ADMIN = '*:*.streaming-admin-secret-abcdefghij';
/** Generous: a busy machine may take seconds, and the SDK reconnects after 1 to 3 s. */
const WAIT = { timeout: 60_000 };

/** The SDKs' event stream as a reader sees it (see readEventStream). */
const openStream = (url: string, headers: Record<string, string> = {}, token = CLIENT) =>
  readEventStream(`${url}/api/client/streaming`, { authorization: token, 'accept-encoding': 'gzip, br', ...headers });
/** The stream's n-th message (from 1), once it has come. */
async function nth(stream: ReadStream, n: number): Promise<StreamMessage> {
  await expect.poll(() => stream.messages.length, WAIT).toBeGreaterThanOrEqual(n);
  return stream.messages[n - 1];
}
const eventsOf = (message: StreamMessage) => (JSON.parse(message.data) as ClientDelta).events;
/** The ETag GET api/client/delta has now: the id of the current state. */
async function currentId(url: string) {
  return (await fetch(`${url}/api/client/delta`, { headers: { authorization: CLIENT } })).headers.get('etag');
}

const flip = async (name: string, on: boolean, through: TestServer = server) => {
  const path = `api/admin/features/${name}/toggle/${on ? 'on' : 'off'}`;
  expect((await through.call('POST', path, { cookie: await through.adminCookie(), body: {} })).status).toBe(200);
};
const createToggle = async (name: string, through: TestServer = server) => {
  const body = { name, enabled: false, strategies: [{ name: 'default' }] };
  const created = await through.call('POST', 'api/admin/features', { cookie: await through.adminCookie(), body });
  expect(created.status).toBe(201);
};

/** The official SDK in streaming mode; it polls only if told to (by default its polling interval is an hour). */
async function startSdk(url: string, warnings: unknown[] = [], refreshInterval = 3_600_000): Promise<Unleash> {
  const { Unleash } = await import('unleash-client');
  const sdk = new Unleash({
    appName: 'streaming-test',
    url: `${url}/api/`,
    customHeaders: { Authorization: CLIENT },
    refreshInterval,
    disableMetrics: true,
    storageProvider: { set: async () => {}, get: async () => undefined },
    experimentalMode: { type: 'streaming' },
  });
  sdk.on('warn', (warning: unknown) => warnings.push(warning)); // reconnects and mode changes
  await new Promise<void>((resolve, reject) => {
    sdk.once('synchronized', () => resolve());
    sdk.once('error', reject);
  });
  return sdk;
}

/** Turns a toggle on over a new connection of its own (fetch's pooled ones may just have been cut). */
function turnOnOverNewConnection(name: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const url = `${server.url}/api/admin/features/${name}/toggle/on`;
    const change = request(url, { method: 'POST', agent: false, headers: { authorization: ADMIN } }, (answer) => {
      answer.resume().on('end', () => resolve(answer.statusCode));
    });
    change.on('error', reject).end();
  });
}

useServer({ env: { INIT_CLIENT_API_TOKENS: CLIENT, INIT_ADMIN_API_TOKENS: ADMIN, STREAMING_HEARTBEAT_MS: '100' } });
beforeAll(async () => {
  for (const name of ['stream.a', 'stream.b', 'stream.sdk', 'stream.missed']) await createToggle(name);
});

describe('GET api/client/streaming on the wire', () => {
  it('refuses before any stream: 401 without a token, 403 for a frontend token', async () => {
    const anonymous = await fetch(`${server.url}/api/client/streaming`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
    const created = await server.call('POST', 'api/admin/api-tokens', {
      cookie: admin,
      body: { username: 'web-app', type: 'frontend', project: '*', environment: 'default' },
    });
    expect(created.status).toBe(201);
    const frontend = await fetch(`${server.url}/api/client/streaming`, {
      headers: { authorization: created.body.secret },
    });
    expect(frontend.status).toBe(403);
    expect(JSON.parse(await frontend.text()).name).toBeTypeOf('string');
  });

  it("opens with a hydration, then sends each change as the delta API's events, with ids, heartbeats and an SDK's headers only", async () => {
    const stream = await openStream(server.url);
    try {
      const { headers } = stream.response;
      expect(stream.response.status).toBe(200);
      expect(headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(headers.get('cache-control')).toBe('no-cache');
      for (const name of [
        'content-encoding',
        'content-security-policy',
        'strict-transport-security',
        'permissions-policy',
        'x-frame-options',
      ]) {
        expect(headers.get(name), name).toBeNull();
      }
      const connected = await nth(stream, 1);
      expect(connected.event).toBe('unleash-connected');
      const [hydration] = eventsOf(connected);
      if (hydration.type !== 'hydration') throw new Error(`expected a hydration, got ${hydration.type}`);
      const names = hydration.features.map((f) => f.name).sort();
      expect(names).toEqual(['stream.a', 'stream.b', 'stream.missed', 'stream.sdk']);
      expect(connected.id).toBe(await currentId(server.url));

      await flip('stream.a', true);
      const updated = await nth(stream, 2);
      expect(updated.event).toBe('unleash-updated');
      expect(eventsOf(updated)).toEqual([
        expect.objectContaining({
          type: 'feature-updated',
          feature: expect.objectContaining({ name: 'stream.a', enabled: true }),
        }),
      ]);
      expect(updated.id).not.toBe(connected.id);
      expect(updated.id).toBe(await currentId(server.url));
      await expect.poll(() => stream.comments, WAIT).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });

  it('resumes from Last-Event-ID with what was missed, and hydrates for an unknown id', async () => {
    const first = await openStream(server.url);
    const { id } = await nth(first, 1);
    first.close();
    await flip('stream.b', true); // while no stream is open

    const resumed = await openStream(server.url, { 'last-event-id': id! });
    const missed = await nth(resumed, 1);
    resumed.close();
    expect(missed.event).toBe('unleash-updated');
    expect(eventsOf(missed).map((e) => e.type === 'feature-updated' && e.feature.name)).toEqual(['stream.b']);

    for (const garbage of ['"not-a-state-this-process-served"', 'garbage']) {
      const unknown = await openStream(server.url, { 'last-event-id': garbage });
      const connected = await nth(unknown, 1);
      unknown.close();
      expect(connected.event).toBe('unleash-connected');
      expect(eventsOf(connected).map((e) => e.type)).toEqual(['hydration']);
    }

    // Nothing missed: nothing is sent until the next change.
    const upToDate = await openStream(server.url, { 'last-event-id': missed.id! });
    try {
      await flip('stream.b', false);
      const next = await nth(upToDate, 1);
      expect(next.event).toBe('unleash-updated');
      expect(eventsOf(next)).toEqual([
        expect.objectContaining({ feature: expect.objectContaining({ name: 'stream.b', enabled: false }) }),
      ]);
    } finally {
      upToDate.close();
    }
  });

  it('builds a change once for every stream of a scope and writes them the same message', async () => {
    const streams = await Promise.all([1, 2, 3, 4, 5].map(() => openStream(server.url)));
    try {
      await Promise.all(streams.map((stream) => nth(stream, 1)));
      const builds = snapshotsOf(server.app.revisions).builds;
      await flip('stream.a', false);
      const updates = await Promise.all(streams.map((stream) => nth(stream, 2)));
      expect(new Set(updates.map((u) => `${u.id} ${u.data}`)).size).toBe(1);
      // One build for the change (on PostgreSQL the change's own NOTIFY may come after it and read once more).
      expect(snapshotsOf(server.app.revisions).builds - builds).toBeLessThanOrEqual(2);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('the Node SDK in streaming mode', () => {
  it('is ready with the toggles, and a flip reaches isEnabled through the stream', async () => {
    const sdk = await startSdk(server.url);
    try {
      expect(sdk.getFeatureToggleDefinition('stream.sdk')).toBeDefined();
      expect(sdk.isEnabled('stream.sdk')).toBe(false);
      await flip('stream.sdk', true);
      await expect.poll(() => sdk.isEnabled('stream.sdk'), WAIT).toBe(true);
    } finally {
      sdk.destroy();
    }
  });

  it('gets a change made while its connection was down once it reconnects', async () => {
    const sdk = await startSdk(server.url);
    try {
      expect(sdk.isEnabled('stream.missed')).toBe(false);
      server.app.server.closeAllConnections();
      expect(await turnOnOverNewConnection('stream.missed')).toBe(200);
      await expect.poll(() => sdk.isEnabled('stream.missed'), WAIT).toBe(true);
    } finally {
      sdk.destroy();
    }
  });
});

describe('a restarted server', () => {
  it('hydrates the SDK with what changed while it was down, through the stream', async () => {
    await createToggle('stream.restart');
    // The same database and port, as a process restarted behind its address: its memory (the states it served) is new.
    const first = await restartedApp(server);
    await first.listen({ host: '127.0.0.1', port: 0 });
    const { port } = first.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}${server.base}`;
    const warnings: unknown[] = [];
    const sdk = await startSdk(url, warnings);
    const restarted = await restartedApp(server);
    try {
      expect(sdk.isEnabled('stream.restart')).toBe(false);
      await first.close();
      await flip('stream.restart', true);
      await restarted.listen({ host: '127.0.0.1', port });
      await expect.poll(() => sdk.isEnabled('stream.restart'), WAIT).toBe(true);
      // It never fell back to polling, which would not have asked again for an hour.
      expect(warnings).not.toContain('Server has explicitly requested switching to polling mode');
    } finally {
      sdk.destroy();
      await restarted.close();
    }
  });
});

const newToken = async (expiresAt?: string) => {
  const body = { username: 'stream-token', type: 'client', environment: 'development', projects: ['*'], expiresAt };
  const created = await server.call('POST', 'api/admin/api-tokens', { token: ADMIN, body });
  expect(created.status, created.text).toBe(201);
  return created.body.secret as string;
};
const deleteToken = async (secret: string) => {
  const path = `api/admin/api-tokens/${encodeURIComponent(secret)}`;
  expect((await server.call('DELETE', path, { token: ADMIN })).status).toBe(200);
};

describe("a token's streams", () => {
  it('end when the token is deleted, and it is refused from then on', async () => {
    const secret = await newToken();
    const stream = await openStream(server.url, {}, secret);
    const other = await openStream(server.url);
    try {
      expect((await nth(stream, 1)).event).toBe('unleash-connected');
      await nth(other, 1);
      await deleteToken(secret);
      await expect.poll(() => stream.ended, WAIT).toBe(true);
      expect((await openStream(server.url, {}, secret)).response.status).toBe(401);
      // Another token's stream goes on.
      await flip('stream.b', true);
      expect((await nth(other, 2)).event).toBe('unleash-updated');
      expect(other.ended).toBe(false);
    } finally {
      stream.close();
      other.close();
    }
  });

  it('end when the token expires', async () => {
    const secret = await newToken(new Date(Date.now() + 3000).toISOString());
    const stream = await openStream(server.url, {}, secret);
    try {
      expect((await nth(stream, 1)).event).toBe('unleash-connected');
      await expect.poll(() => stream.ended, WAIT).toBe(true);
    } finally {
      stream.close();
    }
  });
});

/** Opens a stream on a server with one place, once the server has seen the last reader of it go. */
async function holdThePlace(url: string): Promise<ReadStream> {
  let held = await openStream(url);
  for (let tries = 1; (await nth(held, 1)).event === 'fetch-mode'; tries += 1) {
    expect(tries).toBeLessThan(1000);
    held = await openStream(url);
  }
  expect((await nth(held, 1)).event).toBe('unleash-connected');
  return held;
}

describe('past STREAMING_MAX_CONNECTIONS', () => {
  let own: TestServer;
  let closed = false;
  beforeAll(async () => {
    own = await startServer({ INIT_CLIENT_API_TOKENS: CLIENT, STREAMING_MAX_CONNECTIONS: '1' });
    await createToggle('stream.polled', own);
    await flip('stream.polled', true, own);
  });
  afterAll(async () => {
    if (!closed) await own?.close();
  });

  it('drops a reader that does not keep up instead of buffering for it, which frees its place', async () => {
    // 25 strategies with a group id of 10,000 characters: every change of this toggle is a message of 250 KB.
    const groupId = 'x'.repeat(10_000);
    const strategy = { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId } };
    const body = { name: 'stream.big', enabled: false, strategies: Array.from({ length: 25 }, () => strategy) };
    const created = await own.call('POST', 'api/admin/features', { cookie: await own.adminCookie(), body });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    // A reader that never reads: its stream takes the one place, then the socket's buffers fill up.
    const stalled = connect(Number(new URL(own.url).port), '127.0.0.1');
    stalled.on('error', () => {});
    stalled.write(`GET /api/client/streaming HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${CLIENT}\r\n\r\n`);
    stalled.pause();
    try {
      // Each change is written to it until a write finds the last one undrained: then it is dropped, and the next
      // reader gets a stream instead of `fetch-mode`.
      for (let round = 1; ; round += 1) {
        await flip('stream.big', round % 2 === 1, own);
        const probe = await openStream(own.url);
        const first = await nth(probe, 1);
        probe.close();
        if (first.event === 'unleash-connected') break;
        expect(first.event).toBe('fetch-mode');
        expect(round, 'changes sent without the reader being dropped').toBeLessThan(400);
      }
    } finally {
      stalled.destroy();
    }
  });

  it('asks an SDK it told to poll back to streaming with its next change, once there is room', async () => {
    const held = await holdThePlace(own.url);
    const requests: Array<{ path: string; sdk: unknown }> = [];
    const record = (request: IncomingMessage) => {
      const path = request.url!.split('?')[0];
      if (path.startsWith('/api/client/')) requests.push({ path, sdk: request.headers['unleash-connection-id'] });
    };
    const warnings: unknown[] = [];
    const sdk = await startSdk(own.url, warnings, 200);
    try {
      expect(warnings).toContain('Server has explicitly requested switching to polling mode');
      // From now on the SDK polls; it opens a stream again only when an answer asks it to.
      own.app.server.on('request', record);
      const streamed = () => requests.filter((r) => r.path === '/api/client/streaming').length;
      held.close();
      // The SDK sees the header only on a changed answer: change something until its poll brings it back.
      let on = false;
      await expect
        .poll(async () => {
          await flip('stream.polled', (on = !on), own);
          return streamed();
        }, WAIT)
        .toBe(1);
      const polls = requests.filter((r) => r.path === '/api/client/features');
      expect(polls.length).toBeGreaterThan(0);
      expect(new Set(requests.map((r) => r.sdk))).toEqual(new Set([expect.any(String)])); // all the one SDK's
      await flip('stream.polled', true, own);
      await expect.poll(() => sdk.isEnabled('stream.polled'), WAIT).toBe(true);
    } finally {
      own.app.server.off('request', record);
      sdk.destroy();
    }
  });

  it('tells SDKs to poll, which they do; the streams held end when the app closes', async () => {
    const held = await holdThePlace(own.url);

    const refused = await openStream(own.url);
    await expect.poll(() => refused.ended, WAIT).toBe(true);
    expect(refused.messages).toEqual([{ event: 'fetch-mode', data: 'polling' }]);

    // The SDK gets the toggles, and by polling: the stream only told it to poll.
    const warnings: unknown[] = [];
    const sdk = await startSdk(own.url, warnings);
    try {
      expect(warnings).toContain('Server has explicitly requested switching to polling mode');
      expect(sdk.isEnabled('stream.polled')).toBe(true);
    } finally {
      sdk.destroy();
    }

    closed = true;
    await own.close();
    await expect.poll(() => held.ended, WAIT).toBe(true);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('streams in two processes on one PostgreSQL', () => {
  const other = useSecondProcess(() => server);

  it("pushes a change made through one process to the other process's streams", async () => {
    const stream = await openStream(other().url);
    try {
      await nth(stream, 1);
      await flip('stream.a', true);
      const updated = await nth(stream, 2);
      expect(updated.event).toBe('unleash-updated');
      expect(eventsOf(updated)).toEqual([
        expect.objectContaining({ feature: expect.objectContaining({ name: 'stream.a', enabled: true }) }),
      ]);
    } finally {
      stream.close();
    }
  });

  it("ends the other process's streams of a token deleted through one", async () => {
    const secret = await newToken();
    const stream = await openStream(other().url, {}, secret);
    try {
      expect((await nth(stream, 1)).event).toBe('unleash-connected');
      await deleteToken(secret);
      await expect.poll(() => stream.ended, WAIT).toBe(true);
    } finally {
      stream.close();
    }
  });
});
