// GET api/admin/sync/stream: an open console's event stream, on the wire, on both databases, and across two
// processes on one PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_BUILD_EVENT,
  LIVE_CHANGE_REQUESTS_EVENT,
  LIVE_CHANGES_EVENT,
  type LiveChangeRequests,
  type LiveChanges,
} from '../../../contract/sync.ts';
import { consoleBuild } from '../../platform/http/console.ts';
import { readEventStream, type ReadStream } from '../../test-support/event-stream.ts';
import { admin, ADMIN_TOKEN, server, STANDARD_TOKENS, useServer, viewer } from '../../test-support/fixture.ts';
import { startServer, type TestServer } from '../../test-support/harness.ts';
import { useSecondProcess } from '../../test-support/second-process.ts';
import { LIVE_NAMES_MAX } from './sync.ts';

/** Generous: a busy machine may take seconds. */
const WAIT = { timeout: 60_000 };
const STREAM = 'api/admin/sync/stream';

// A built console of its own: the connect message names it.
const distDir = mkdtempSync(join(tmpdir(), 'switchyard-live-'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Switchyard</title>');
writeFileSync(join(distDir, 'sw.js'), 'self.__WB_MANIFEST = [{url:"index.html",revision:"1"}];');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

useServer({ env: { ...STANDARD_TOKENS, STREAMING_HEARTBEAT_MS: '100' }, build: { distDir }, users: true });

const open = (through: TestServer, cookie: string) => readEventStream(`${through.url}/${STREAM}`, { cookie });
const changesOf = (stream: ReadStream) =>
  stream.messages.filter((m) => m.event === LIVE_CHANGES_EVENT).map((m) => JSON.parse(m.data) as LiveChanges);
/** The stream's messages of the event, with their ids (the revision). */
const told = (stream: ReadStream, event: string) =>
  stream.messages.filter((m) => m.event === event).map((m) => ({ id: m.id, ...JSON.parse(m.data) }));
/** The stream's change messages once one names `name`. */
async function untilNamed(stream: ReadStream, name: string) {
  await expect.poll(() => changesOf(stream).some((c) => c.features?.includes(name)), WAIT).toBe(true);
  return changesOf(stream);
}

const flip = async (name: string, on: boolean, through: TestServer = server) => {
  const path = `api/admin/features/${name}/toggle/${on ? 'on' : 'off'}`;
  expect((await through.call('POST', path, { cookie: await through.adminCookie(), body: {} })).status).toBe(200);
};
const createToggle = async (name: string) => {
  const body = { name, enabled: false, strategies: [{ name: 'default' }] };
  expect((await server.call('POST', 'api/admin/features', { cookie: admin, body })).status).toBe(201);
};
const syncSince = async (since: number) => {
  const page = await server.call('GET', `api/admin/sync/features?since=${since}`, { cookie: viewer });
  expect(page.status).toBe(200);
  return page.body as { revision: number; features: { name: string }[] };
};

beforeAll(async () => {
  for (const name of ['live.a', 'live.b']) await createToggle(name);
});

describe('GET api/admin/sync/stream', () => {
  it('is refused without a session (401), before any stream', async () => {
    const anonymous = await fetch(`${server.url}/${STREAM}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('opens with the console build, then keeps an idle stream with comment lines', async () => {
    const stream = await open(server, viewer);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache');
      await expect.poll(() => stream.messages.length, WAIT).toBeGreaterThanOrEqual(1);
      expect(stream.messages[0]).toEqual({ event: LIVE_BUILD_EVENT, data: JSON.stringify(consoleBuild(distDir)) });
      expect(consoleBuild(distDir)).toMatch(/^[\w-]{16}$/);
      await expect.poll(() => stream.comments, WAIT).toBeGreaterThanOrEqual(2);
    } finally {
      stream.close();
    }
  });

  it("names a toggle another admin flipped, at the revision the sync's `since` then reads", async () => {
    const stream = await open(server, viewer);
    try {
      await expect.poll(() => stream.messages.length, WAIT).toBe(1); // the build
      const before = (await syncSince(0)).revision;
      await flip('live.a', true);
      // The first change a process tells tells its revision only (it knows no earlier one); the next names toggles.
      await expect.poll(() => changesOf(stream).length, WAIT).toBeGreaterThanOrEqual(1);
      await flip('live.b', true);
      const changes = await untilNamed(stream, 'live.b');
      const last = changes.at(-1)!;
      expect(last.features).toEqual(['live.b']);
      expect(last.revision).toBeGreaterThan(before);
      expect(stream.messages.at(-1)!.id).toBe(String(last.revision));
      const page = await syncSince(changes[0].revision);
      expect(page.revision).toBe(last.revision);
      expect(page.features.map((f) => f.name)).toEqual(['live.b']);
    } finally {
      stream.close();
    }
  });

  it('gives the revision only when changes touch every toggle or name too many', async () => {
    const stream = await open(server, admin);
    try {
      await flip('live.a', false);
      await expect.poll(() => changesOf(stream).length, WAIT).toBeGreaterThanOrEqual(1);
      const seen = changesOf(stream).length;
      const sorted = await server.call('PUT', 'api/admin/environments/sort-order', {
        cookie: admin,
        body: { development: 1, production: 2 },
      });
      expect(sorted.status).toBe(200);
      await expect.poll(() => changesOf(stream).length, WAIT).toBeGreaterThan(seen);
      expect(changesOf(stream).at(-1)).toEqual({ revision: expect.any(Number) });
    } finally {
      stream.close();
    }
    expect(LIVE_NAMES_MAX).toBe(100);
  });

  it("tells which projects' change requests changed, apart from the toggles", async () => {
    const stream = await open(server, viewer);
    const CONFIG = 'api/admin/projects/default/environments/production/change-requests/config';
    const setConfig = async (changeRequestsEnabled: boolean) => {
      const body = { changeRequestsEnabled, requiredApprovals: 1 };
      expect((await server.call('PUT', CONFIG, { cookie: admin, body })).status).toBe(200);
    };
    try {
      await flip('live.a', true); // a change told first: the process knows the revision after it
      await expect.poll(() => changesOf(stream).length, WAIT).toBeGreaterThanOrEqual(1);
      await setConfig(true);
      const named = async () =>
        (told(stream, LIVE_CHANGE_REQUESTS_EVENT) as Array<LiveChangeRequests & { id: string }>).find((m) =>
          m.projects?.includes('default'),
        );
      await expect.poll(named, WAIT).toBeDefined();
      const requests = (await named())!;
      expect(requests).toEqual({ id: String(requests.revision), revision: requests.revision, projects: ['default'] });
      // No toggle changed: the consoles' toggles are not synced for it.
      expect(told(stream, LIVE_CHANGES_EVENT).map((m) => m.id)).not.toContain(requests.id);

      await flip('live.b', false);
      const changes = await untilNamed(stream, 'live.b');
      const flipped = stream.messages.findLast((m) => m.event === LIVE_CHANGES_EVENT)!;
      expect(changes.at(-1)!.features).toEqual(['live.b']);
      expect(told(stream, LIVE_CHANGE_REQUESTS_EVENT).map((m) => m.id)).not.toContain(flipped.id);
    } finally {
      stream.close();
      await setConfig(false);
    }
  });

  it('is open to an API token as well', async () => {
    const stream = await readEventStream(`${server.url}/${STREAM}`, { authorization: ADMIN_TOKEN });
    try {
      expect(stream.response.status).toBe(200);
      await expect.poll(() => stream.messages.length, WAIT).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('sends no build without a built console, and ends every stream when the app closes', async () => {
    const own = await startServer({ STREAMING_HEARTBEAT_MS: '100' }, { distDir: join(distDir, 'missing') });
    let closed = false;
    try {
      const stream = await open(own, await own.adminCookie());
      expect(stream.response.status).toBe(200);
      await expect.poll(() => stream.comments, WAIT).toBeGreaterThanOrEqual(1);
      closed = true;
      await own.close();
      await expect.poll(() => stream.ended, WAIT).toBe(true);
      expect(stream.messages.filter((m) => m.event === LIVE_BUILD_EVENT)).toEqual([]);
    } finally {
      if (!closed) await own.close();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('console streams in two processes on one PostgreSQL', () => {
  const other = useSecondProcess(() => server);

  it("tells the other process's consoles of a change made through one", async () => {
    const stream = await readEventStream(`${other().url}/${STREAM}`, { cookie: viewer });
    try {
      expect(stream.response.status).toBe(200);
      await flip('live.a', true);
      await expect.poll(() => changesOf(stream).length, WAIT).toBeGreaterThanOrEqual(1);
      await flip('live.b', false);
      expect((await untilNamed(stream, 'live.b')).at(-1)!.features).toEqual(['live.b']);
    } finally {
      stream.close();
    }
  });
});
