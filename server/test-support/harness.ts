/**
 * Test harness: a REAL server listening on 127.0.0.1:0 over a fresh database, talked to with fetch.
 * TEST_DB=postgres: a new database per server in the cluster from postgres-cluster.ts, a copy of the template it
 * migrated once (no migrations per server).
 * TEST_DB=pglite: a migrated PGlite data directory is dumped once (cached in the temp folder, keyed by the
 * migrations) and each server loads a copy, which is much cheaper than a cold PGlite start.
 * Schemas compile on first use, as npm start has them (schema-compilers.test.ts builds one app compiling all at start).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { buildApp, type BuildOptions } from '../app.ts';
import { parseConfig, type Config } from '../config.ts';
import {
  EmbeddedPostgres,
  migrationsFolder,
  usePglite,
  usePostgres,
  type Database,
  type Db,
} from '../platform/db/client.ts';
import { prepareInstance } from '../startup.ts';

export const ADMIN_PASSWORD = 'Admin-Test-Passw0rd!';
export const USER_PASSWORD = 'User-Test-Passw0rd!';

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite data directory (a tar), made once per set of migrations and kept in the temp folder. */
export async function pgliteTemplate(): Promise<Buffer> {
  const file = join(tmpdir(), `switchyard-pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const client = new EmbeddedPostgres();
    const database = await usePglite(client);
    const dump = await client.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file); // atomic: concurrent workers never read a half-written template
  }
  return readFileSync(file);
}

/** The URL of a new database in the test cluster, a copy of the template migrated once a run. */
export async function freshPostgresUrl(): Promise<string> {
  const url = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A fresh, migrated database on the driver selected by TEST_DB. */
export async function freshDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') return usePostgres(await freshPostgresUrl());
  const template = await pgliteTemplate();
  return usePglite(new EmbeddedPostgres({ loadDataDir: new Blob([new Uint8Array(template)]) }));
}

export interface CallOptions {
  body?: unknown;
  /** Sent as-is (with the given contentType), for malformed bodies. */
  rawBody?: string;
  contentType?: string;
  cookie?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON answer; tests read into it freely. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

export interface TestServer {
  url: string;
  base: string;
  config: Config;
  db: Db;
  app: FastifyInstance;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** Signs in and returns the Cookie header value. Throws unless the sign-in succeeds. */
  login(username: string, password: string): Promise<string>;
  adminCookie(): Promise<string>;
  /** Creates a user with that root role through the API (as admin) and signs them in. */
  createUser(role: 'Admin' | 'Editor' | 'Viewer'): Promise<TestUser>;
  /** Runs SQL directly against the server's database. */
  sql(query: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

const roleIds = { Admin: 1, Editor: 2, Viewer: 3 } as const;

/** Starts a real server. `env` are environment variables (as for server/main.ts). */
export async function startServer(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestServer> {
  const config = parseConfig({ UNLEASH_DEFAULT_ADMIN_PASSWORD: ADMIN_PASSWORD, ...env });
  const database = await freshDatabase();
  await prepareInstance({ db: database.db, config });
  const app = await buildApp(config, database.db, { compileSchemas: 'on-first-use', ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const base = config.baseUriPath;
  let admin: string | undefined;
  let userCount = 0;

  const call = async (method: string, path: string, o: CallOptions = {}): Promise<CallResult> => {
    // As the console does: a change with the session cookie needs it (server/platform/http/csrf.ts).
    const headers: Record<string, string> = { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE, ...o.headers };
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined || o.contentType) headers['content-type'] = o.contentType ?? 'application/json';
    if (o.cookie) headers.cookie = o.cookie;
    if (o.token) headers.authorization = o.token;
    const response = await fetch(`${url}${base}/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    if (response.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, text, body: parsed };
  };

  const login = async (username: string, password: string) => {
    const response = await call('POST', 'auth/simple/login', { body: { username, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('unleash-session='));
    if (!cookie) throw new Error('sign-in set no session cookie');
    return cookie.split(';')[0];
  };

  const server: TestServer = {
    url,
    base,
    config,
    db: database.db,
    app,
    call,
    login,
    adminCookie: async () => (admin ??= await login('admin', ADMIN_PASSWORD)),
    async createUser(role) {
      userCount += 1;
      const email = `${role.toLowerCase()}${userCount}-${randomBytes(3).toString('hex')}@example.com`;
      const created = await call('POST', 'api/admin/user-admin', {
        cookie: await server.adminCookie(),
        body: { email, name: `${role} ${userCount}`, rootRole: roleIds[role], password: USER_PASSWORD },
      });
      if (created.status !== 201) throw new Error(`creating a user failed: ${created.status} ${created.text}`);
      return { id: created.body.id, email, password: USER_PASSWORD, cookie: await login(email, USER_PASSWORD) };
    },
    async sql(query) {
      const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> };
      return result.rows;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return server;
}
