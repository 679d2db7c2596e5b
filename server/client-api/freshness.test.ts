// GET api/client/features is answered from snapshots: these tests show that no change through the admin API is
// ever answered with a stale one (in one process, and in two processes on one PostgreSQL), that a 304 reads
// nothing, that every content coding carries the same JSON, and that a token's scope still holds.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientFeature } from '../../contract/client-api.ts';
import { LISTENER_NAME } from '../platform/revisions/listener.ts';
import { startServer, type CallResult, type TestServer } from '../test-support/harness.ts';
import { startSecondProcess, type SecondProcess } from '../test-support/second-process.ts';
import { serializedClientFeatures } from './service.ts';
import { snapshotsOf } from './snapshots.ts';
import { clientFeaturesBody } from './views.ts';

const CLIENT = '*:default.fresh-client-secret-abcdefghij';
const DEV = 'default:development.fresh-dev-secret-abcdefghij';
const ADMIN = '*:*.fresh-admin-secret-abcdefghijklm';
const ENV = { INIT_CLIENT_API_TOKENS: `${CLIENT},${DEV}`, INIT_ADMIN_API_TOKENS: ADMIN };
const P = 'api/admin/projects/default/features';
const ONE_ENV = `${P}/fresh.one/environments`;
const onPostgres = process.env.TEST_DB === 'postgres';

/** Where client answers are read: a server's URL and app (the second process's, in the two-process test). */
interface Reader {
  url: string;
  app: FastifyInstance;
}

interface Answer {
  status: number;
  etag: string | null;
  features: ClientFeature[];
}

async function read(reader: Reader, path: string, token: string, ifNoneMatch?: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization: token };
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  const response = await fetch(`${reader.url}/${path}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    features: text ? JSON.parse(text).features : [],
  };
}

/** GET api/client/features/{name}. */
async function readOne(reader: Reader, name: string, token: string, ifNoneMatch?: string) {
  const headers: Record<string, string> = { authorization: token };
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  const response = await fetch(`${reader.url}/api/client/features/${name}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    feature: response.status === 200 ? (JSON.parse(text) as ClientFeature) : undefined,
  };
}

const named = (features: ClientFeature[], name: string) => features.find((f) => f.name === name);

/** The toggles every run of the table starts from: fresh.one and fresh.two in default, and a project web. */
async function seed(server: TestServer) {
  const cookie = await server.adminCookie();
  const post = (path: string, body: unknown) => server.call('POST', path, { cookie, body });
  expect((await post('api/admin/projects', { id: 'web', name: 'Web' })).status).toBe(201);
  expect((await post('api/admin/features', { name: 'fresh.one' })).status).toBe(201);
  expect((await post('api/admin/features', { name: 'fresh.two' })).status).toBe(201);
}

interface Change {
  what: string;
  /** The client request that must see it: path and token. */
  view: [string, string];
  change(call: (method: string, path: string, body?: unknown) => Promise<CallResult>): Promise<CallResult>;
  /** Asserts the change on the features answered; absent when SDKs must see no difference (then a 304). */
  shows?(features: ClientFeature[]): void;
}

/** Every kind of change that alters what SDKs receive, in order (each starts where the previous one left off). */
function changes(): Change[] {
  let added = '';
  let first = '';
  const all: [string, string] = ['api/client/features', CLIENT];
  const dev: [string, string] = ['api/client/features', DEV];
  const tagged: [string, string] = ['api/client/features?tag=simple:fresh-tag', CLIENT];
  return [
    {
      what: 'create',
      view: all,
      change: (call) => call('POST', 'api/admin/features', { name: 'fresh.created', description: 'new' }),
      shows: (features) => expect(named(features, 'fresh.created')).toMatchObject({ description: 'new' }),
    },
    {
      what: 'update the description',
      view: all,
      change: (call) => call('PUT', 'api/admin/features/fresh.one', { name: 'fresh.one', description: 'described' }),
      shows: (features) => expect(named(features, 'fresh.one')?.description).toBe('described'),
    },
    {
      what: 'update the type',
      view: all,
      change: (call) => call('PATCH', `${P}/fresh.one`, [{ op: 'replace', path: '/type', value: 'experiment' }]),
      shows: (features) => expect(named(features, 'fresh.one')?.type).toBe('experiment'),
    },
    {
      what: 'enable (classic)',
      view: all,
      change: (call) => call('POST', 'api/admin/features/fresh.one/toggle/on'),
      shows: (features) => expect(named(features, 'fresh.one')?.enabled).toBe(true),
    },
    {
      what: 'disable (classic)',
      view: all,
      change: (call) => call('POST', 'api/admin/features/fresh.one/toggle/off'),
      shows: (features) => expect(named(features, 'fresh.one')?.enabled).toBe(false),
    },
    {
      what: 'enable in one environment',
      view: dev,
      change: (call) => call('POST', `${ONE_ENV}/development/on`),
      shows: (features) => expect(named(features, 'fresh.one')?.enabled).toBe(true),
    },
    {
      what: 'disable the environment globally',
      view: dev,
      change: (call) => call('POST', 'api/admin/environments/development/off'),
      shows: (features) => expect(features.filter((f) => f.enabled)).toEqual([]),
    },
    {
      what: 'enable the environment globally',
      view: dev,
      change: (call) => call('POST', 'api/admin/environments/development/on'),
      shows: (features) => expect(named(features, 'fresh.one')?.enabled).toBe(true),
    },
    {
      what: 'disable in one environment',
      view: dev,
      change: (call) => call('POST', `${ONE_ENV}/development/off`),
      shows: (features) => expect(named(features, 'fresh.one')?.enabled).toBe(false),
    },
    {
      what: 'add a strategy',
      view: all,
      change: async (call) => {
        first = (await call('GET', `${ONE_ENV}/default/strategies`)).body[0].id;
        const response = await call('POST', `${ONE_ENV}/default/strategies`, {
          name: 'userWithId',
          parameters: { userIds: 'alice' },
        });
        added = response.body.id;
        return response;
      },
      shows: (features) =>
        expect(named(features, 'fresh.one')?.strategies.map((s) => s.name)).toEqual(['default', 'userWithId']),
    },
    {
      what: 'update a strategy',
      view: all,
      change: (call) =>
        call('PUT', `${ONE_ENV}/default/strategies/${added}`, { name: 'userWithId', parameters: { userIds: 'bob' } }),
      shows: (features) => expect(named(features, 'fresh.one')?.strategies[1].parameters).toEqual({ userIds: 'bob' }),
    },
    {
      what: 'reorder the strategies',
      view: all,
      change: (call) =>
        call('POST', `${ONE_ENV}/default/strategies/set-sort-order`, [
          { id: added, sortOrder: 0 },
          { id: first, sortOrder: 1 },
        ]),
      shows: (features) =>
        expect(named(features, 'fresh.one')?.strategies.map((s) => s.name)).toEqual(['userWithId', 'default']),
    },
    {
      what: 'delete a strategy',
      view: all,
      change: (call) => call('DELETE', `${ONE_ENV}/default/strategies/${added}`),
      shows: (features) => expect(named(features, 'fresh.one')?.strategies.map((s) => s.name)).toEqual(['default']),
    },
    {
      what: 'set the variants',
      view: all,
      change: (call) => call('PUT', `${P}/fresh.one/variants`, [{ name: 'blue' }]),
      shows: (features) => expect(named(features, 'fresh.one')?.variants?.map((v) => v.name)).toEqual(['blue']),
    },
    {
      what: 'mark stale',
      view: all,
      change: (call) => call('POST', 'api/admin/features/fresh.one/stale/on'),
      shows: (features) => expect(named(features, 'fresh.one')?.stale).toBe(true),
    },
    {
      what: 'add a tag (filtered by tag)',
      view: tagged,
      change: (call) => call('POST', 'api/admin/features/fresh.two/tags', { value: 'fresh-tag' }),
      shows: (features) => expect(features.map((f) => f.name)).toEqual(['fresh.two']),
    },
    {
      what: 'remove a tag (filtered by tag)',
      view: tagged,
      change: (call) => call('DELETE', 'api/admin/features/fresh.two/tags/simple/fresh-tag'),
      shows: (features) => expect(features).toEqual([]),
    },
    {
      what: "move to another project (a project token's view)",
      view: dev,
      change: (call) => call('POST', `${P}/fresh.two/changeProject`, { newProjectId: 'web' }),
      shows: (features) => expect(named(features, 'fresh.two')).toBeUndefined(),
    },
    {
      what: 'remove an environment from the project',
      view: dev,
      change: async (call) => {
        await call('POST', `${ONE_ENV}/development/on`);
        return call('DELETE', 'api/admin/projects/default/environments/development');
      },
      shows: (features) => expect(named(features, 'fresh.one')).toMatchObject({ enabled: false, strategies: [] }),
    },
    {
      what: 'archive',
      view: all,
      change: (call) => call('DELETE', 'api/admin/features/fresh.created'),
      shows: (features) => expect(named(features, 'fresh.created')).toBeUndefined(),
    },
    {
      what: 'delete an archived toggle (SDKs see no difference)',
      view: all,
      change: (call) => call('DELETE', 'api/admin/archive/fresh.created'),
    },
    {
      what: 'archive another',
      view: all,
      change: (call) => call('DELETE', 'api/admin/features/fresh.one'),
      shows: (features) => expect(named(features, 'fresh.one')).toBeUndefined(),
    },
    {
      what: 'revive',
      view: all,
      change: (call) => call('POST', 'api/admin/archive/revive/fresh.one'),
      shows: (features) =>
        expect(named(features, 'fresh.one')).toMatchObject({ description: 'described', stale: true }),
    },
  ];
}

/**
 * Runs the table: each change through `writer`'s admin API, then the next answer `reader` gives must carry it with
 * a new ETag (a change SDKs cannot see must give the same ETag, a 304). Without `poll` the very next answer must;
 * with it (another process) the answer must within five seconds, while `reader` keeps answering from memory.
 */
function runChanges(context: () => { writer: TestServer; reader: Reader; admin: string; poll: boolean }) {
  for (const row of changes()) {
    it(row.what, async () => {
      const { writer, reader, admin, poll } = context();
      const [path, token] = row.view;
      const before = await read(reader, path, token);
      expect(before.status).toBe(200);
      // While nothing changes, a repeated read is answered from memory: it builds nothing. (A notification of an
      // earlier change may still arrive on PostgreSQL and rebuild the same content: then the check is repeated.)
      await expect
        .poll(
          async () => {
            const [revision, builds] = [reader.app.revisions.current, snapshotsOf(reader.app.revisions).builds];
            expect((await read(reader, path, token, before.etag!)).status).toBe(304);
            const built = snapshotsOf(reader.app.revisions).builds - builds;
            return reader.app.revisions.current === revision ? built : 'a change was announced meanwhile';
          },
          { timeout: 5000, interval: 50 },
        )
        .toBe(0);

      const call = (method: string, p: string, body?: unknown) =>
        writer.call(method, p, { cookie: admin, body, contentType: 'application/json' });
      const revision = reader.app.revisions.current;
      const response = await row.change(call);
      expect(response.status, response.text).toBeLessThan(300);

      // One process: the very next answer. Another: the first answer that shows the whole change, within 5 s.
      const shown = (answer: Answer) => {
        if (!row.shows) return revision !== reader.app.revisions.current;
        try {
          row.shows(answer.features);
          return answer.status === 200;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + (poll ? 5000 : 0);
      let after = await read(reader, path, token, before.etag!);
      while (poll && Date.now() < deadline && !shown(after)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        after = await read(reader, path, token, before.etag!);
      }
      if (!row.shows) {
        if (poll) expect(reader.app.revisions.current, 'the change was announced').toBeGreaterThan(revision);
        expect(after.status).toBe(304);
        expect((await read(reader, path, token)).etag).toBe(before.etag);
        return;
      }
      expect(after.status, 'a new answer, not the snapshot from before the change').toBe(200);
      expect(after.etag).not.toBe(before.etag);
      row.shows(after.features);
      const again = await read(reader, path, token);
      expect(again.etag).toBe(after.etag);
      expect(again.features).toEqual(after.features);
      // One toggle is answered from the snapshot of the unfiltered answer: it is as fresh.
      if (path === 'api/client/features') {
        const one = await readOne(reader, 'fresh.one', token);
        expect(one.status).toBe(named(again.features, 'fresh.one') ? 200 : 404);
        expect(one.feature).toEqual(named(again.features, 'fresh.one'));
      }
    });
  }
}

describe('every change is in the next client answer (one process)', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(ENV);
    admin = await server.adminCookie();
    await seed(server);
  });
  afterAll(() => server?.close());

  runChanges(() => ({ writer: server, reader: { url: server.url, app: server.app }, admin, poll: false }));
});

describe.runIf(onPostgres)('every change reaches another process on the same PostgreSQL (LISTEN/NOTIFY)', () => {
  let server: TestServer;
  let other: SecondProcess;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(ENV);
    admin = await server.adminCookie();
    await seed(server);
    other = await startSecondProcess(server);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  runChanges(() => ({ writer: server, reader: other, admin, poll: true }));

  it('does not serve a stale answer while its LISTEN connection is lost, and listens again', async () => {
    const before = await read(other, 'api/client/features', CLIENT);
    const killed = await server.sql(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity
       where datname = current_database() and application_name = '${LISTENER_NAME}'`,
    );
    expect(killed.length).toBeGreaterThanOrEqual(2); // both processes' listeners
    const changed = await server.call('POST', 'api/admin/features/fresh.two/toggle/on', { cookie: admin });
    expect(changed.status).toBe(200);
    const deadline = Date.now() + 5000;
    let after = await read(other, 'api/client/features', CLIENT, before.etag!);
    while (after.status === 304 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await read(other, 'api/client/features', CLIENT, before.etag!);
    }
    expect(named(after.features, 'fresh.two')?.enabled).toBe(true);
    // Listening again, it answers from memory again.
    await expect
      .poll(
        async () => {
          const builds = snapshotsOf(other.app.revisions).builds;
          await read(other, 'api/client/features', CLIENT);
          await read(other, 'api/client/features', CLIENT);
          return snapshotsOf(other.app.revisions).builds - builds;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeLessThanOrEqual(1);
  });
});

describe('answers from memory', () => {
  let server: TestServer;
  let admin: string;
  const self = () => ({ url: server.url, app: server.app });
  beforeAll(async () => {
    server = await startServer(ENV);
    admin = await server.adminCookie();
    await seed(server);
    await server.call('POST', `${P}/fresh.two/changeProject`, { cookie: admin, body: { newProjectId: 'web' } });
  });
  afterAll(() => server?.close());

  it('answers a matching If-None-Match with 304 without reading the database', async () => {
    const first = await read(self(), 'api/client/features', CLIENT);
    const hidden = ['api_tokens', 'events', 'environments', 'features', 'feature_environments', 'feature_strategies'];
    for (const table of hidden) await server.sql(`alter table ${table} rename to hidden_${table}`);
    try {
      const notModified = await read(self(), 'api/client/features', CLIENT, first.etag!);
      expect(notModified.status).toBe(304);
      expect(notModified.etag).toBe(first.etag);
      const again = await read(self(), 'api/client/features', CLIENT);
      expect(again.status).toBe(200);
      expect(again.features).toEqual(first.features);
      // One toggle is a slice of the same snapshot.
      const one = await readOne(self(), 'fresh.one', CLIENT);
      expect(one.status).toBe(200);
      expect(one.feature).toEqual(named(first.features, 'fresh.one'));
      expect((await readOne(self(), 'fresh.one', CLIENT, one.etag!)).status).toBe(304);
      expect((await readOne(self(), 'fresh.nothing', CLIENT)).status).toBe(404);
      // The same request must read, and fail, once the revision moves on: the tables really are out of reach.
      server.app.revisions.bump();
      expect((await read(self(), 'api/client/features', CLIENT, first.etag!)).status).toBe(500);
    } finally {
      for (const table of hidden) await server.sql(`alter table hidden_${table} rename to ${table}`);
    }
    expect((await read(self(), 'api/client/features', CLIENT, first.etag!)).status).toBe(304);
  });

  it('sends the same JSON in brotli, gzip and no coding, with Vary: Accept-Encoding and one ETag', async () => {
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { authorization: CLIENT };
        if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
        httpRequest(`${server.url}/api/client/features`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.features.length).toBeGreaterThan(0);
    const decoded = {
      br: (body: Buffer) => brotliDecompressSync(body),
      gzip: (body: Buffer) => gunzipSync(body),
    };
    for (const [asked, coding] of [
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['deflate, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const answer = await raw(asked);
      expect(answer.headers['content-encoding'], asked).toBe(coding);
      expect(answer.headers.vary, asked).toBe('Accept-Encoding');
      expect(answer.headers.etag, asked).toBe(plain.headers.etag);
      const body = coding ? decoded[coding](answer.body) : answer.body;
      expect(JSON.parse(body.toString('utf8')), asked).toEqual(json);
    }
  });

  it("keeps a token's scope: a project token sees only its project, whatever it asks", async () => {
    const names = (answer: Answer) => answer.features.map((f) => f.name);
    expect(names(await read(self(), 'api/client/features', DEV))).toEqual(['fresh.one']);
    expect(names(await read(self(), 'api/client/features?project=web', DEV))).toEqual([]);
    expect(names(await read(self(), 'api/client/features?project=web', CLIENT))).toEqual(['fresh.two']);
    expect(names(await read(self(), 'api/client/features', CLIENT))).toEqual(['fresh.one', 'fresh.two']);
    const scoped = await fetch(`${server.url}/api/client/features?project=web`, { headers: { authorization: DEV } });
    expect((await scoped.json()).query).toEqual({ project: [], environment: 'development' });
    expect(names(await read(self(), 'api/client/features', DEV))).toEqual(['fresh.one']);
  });

  it('reads and serializes in batches the same toggles as at once, written into the same JSON', async () => {
    const filter = { environment: 'default', inlineSegments: true };
    const deps = { db: server.db } as Parameters<typeof serializedClientFeatures>[0];
    const inBatches = async (size: number) =>
      (await serializedClientFeatures(deps, filter, (f) => JSON.stringify(f), size)).batches;
    const [whole, ...more] = await inBatches(500);
    expect(more).toEqual([]);
    expect(whole.names).toEqual(['fresh.one', 'fresh.two']);
    expect(whole.projects).toEqual(['default', 'web']);
    const each = whole.names.map((name, i) => ({
      names: [name],
      projects: [whole.projects[i]],
      json: [whole.json[i]],
    }));
    expect(await inBatches(1)).toEqual(each);
    expect(await inBatches(2)).toEqual([whole]);
    const features = whole.json.map((json) => JSON.parse(json) as ClientFeature);
    expect(features).toEqual((await read(self(), 'api/client/features', CLIENT)).features);
    for (const query of [null, { environment: 'default', project: [] }]) {
      const envelope = JSON.stringify({ version: 2, features: [], query });
      const json = JSON.stringify({ version: 2, features, query });
      for (const batches of [each, [whole]]) {
        const built = clientFeaturesBody(envelope, batches);
        expect(built.body.toString('utf8')).toBe(json);
        for (const feature of features) {
          const { start, end, project } = built.features.get(feature.name)!;
          expect(JSON.parse(built.body.subarray(start, end).toString('utf8'))).toEqual(feature);
          expect(project).toBe(feature.project);
        }
      }
    }
    const empty = '{"version":2,"features":[],"query":{"namePrefix":"ü"}}';
    expect(clientFeaturesBody(empty, []).body.toString('utf8')).toBe(empty);
    const accented = clientFeaturesBody(empty, [{ names: ['é'], projects: ['p'], json: ['{"description":"é"}'] }]);
    expect(accented.body.toString('utf8')).toBe(
      '{"version":2,"features":[{"description":"é"}],"query":{"namePrefix":"ü"}}',
    );
    const { start, end } = accented.features.get('é')!;
    expect(accented.body.subarray(start, end).toString('utf8')).toBe('{"description":"é"}');
  });

  it('answers equal content with the equal ETag, in any process and after any rebuild', async () => {
    const first = await read(self(), 'api/client/features', CLIENT);
    server.app.revisions.bump();
    const rebuilt = await read(self(), 'api/client/features', CLIENT, first.etag!);
    expect(rebuilt.status).toBe(304);
  });
});

describe('a request whose client has gone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(ENV);
    await seed(server);
  });
  afterAll(() => server?.close());

  /** Sends GET `path` and gives it up once the server has it; resolves when the server has seen it closed. */
  const abandoned = (path: string, headers: Record<string, string>) =>
    new Promise<void>((resolve) => {
      server.app.server.once('request', (incoming: IncomingMessage) => {
        incoming.socket.once('close', () => resolve());
        client.destroy();
      });
      const client = httpRequest(`${server.url}/${path}`, { headers });
      client.on('error', () => {}); // given up on purpose
      client.end();
    });

  it('is not read for when its turn comes', async () => {
    const snapshots = snapshotsOf(server.app.revisions);
    server.app.revisions.bump(); // neither the token nor any answer is kept now: the request has to read both
    const builds = snapshots.builds;
    // The request waits for its token behind a lock (on PGlite, behind the whole transaction), and its client
    // goes away meanwhile.
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`lock table api_tokens in access exclusive mode`);
      await abandoned('api/client/features?namePrefix=fresh.', { authorization: CLIENT });
    });
    // A later request for another answer is answered; the abandoned one had its turn before it and built nothing.
    expect((await read({ url: server.url, app: server.app }, 'api/client/features', CLIENT)).status).toBe(200);
    expect(snapshots.builds - builds).toBe(1);
  });
});
