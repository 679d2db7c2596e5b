import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

/**
 * The database handle stores use, on either driver. A transaction (`db.transaction(tx => ...)`) is one too. Without a
 * schema object: each domain names its own tables (its schema.ts), and no relational queries are used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A database whose `db` can be handed out at once: queries wait until it is open and migrated (`ready`). */
export interface StartingDatabase extends Database {
  ready: Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite's own start parameters, with PostgreSQL's shared memory cut to what its one connection needs: initdb's
 * shared_buffers (128 MB) are zeroed at every start, ~120 MB of the 410 MB idle RSS; max_connections sizes
 * per-connection shared arrays. The operating system's page cache still holds the data files.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, ...['-c', 'shared_buffers=16MB', '-c', 'max_connections=10']];

/** True when the journal lists a migration newer than the newest one applied (drizzle's own rule). */
async function migrationsPending(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return true;
  const [applied] = await rows(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  return applied?.newest == null || Number(applied.newest) < newest;
}

/**
 * drizzle's migrate() creates its schema and table, reads and hashes every migration and opens a transaction on
 * every start; when nothing is pending two small queries tell so.
 */
async function migrateIfPending(db: Db, migrate: (db: Db) => Promise<void>): Promise<void> {
  if (await migrationsPending(db)) await migrate(db);
}

function startPglite(client: PGlite): StartingDatabase {
  const db = drizzlePglite(client);
  const ready = migrateIfPending(db as unknown as Db, () => migratePglite(db, { migrationsFolder }));
  ready.catch(() => {}); // awaited by the caller later; not an unhandled rejection meanwhile
  return { db: db as unknown as Db, driver: 'pglite', ready, close: () => client.close() };
}

/**
 * PGlite runs PostgreSQL on this thread: each protocol message first waits a turn of the event loop, so a request's
 * statements are spread over turns and other requests (health checks, SDK polls) are served between them instead of
 * waiting for a whole transaction, plus whatever the awaiting code then does without returning to the loop.
 */
export class EmbeddedPostgres extends PGlite {
  override async execProtocolStream(...args: Parameters<PGlite['execProtocolStream']>) {
    await nextTurn();
    return super.execProtocolStream(...args);
  }
}

/** Wraps an open PGlite and applies pending migrations. */
export async function usePglite(client: PGlite): Promise<Database> {
  const database = startPglite(client);
  await database.ready;
  return database;
}

/** Connects to PostgreSQL and applies pending migrations. node-postgres is loaded only when it is used. */
export async function usePostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool);
  try {
    await migrateIfPending(db as unknown as Db, () => migratePg(db, { migrationsFolder }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
}

/** Where PGlite's package is (its CommonJS entry; the WebAssembly is beside it). */
const pgliteEntry = () => createRequire(import.meta.url).resolve('@electric-sql/pglite');

/**
 * PGlite's WebAssembly (9 MB), read and handed to V8 at once: V8 compiles it on other threads while this one loads
 * the app's modules (PGlite would read and compile it only once those are loaded, its file read's callback waiting
 * for them). Functions are compiled and validated on their first call (V8's lazy compilation, and lazy validation
 * set by server/main.ts): start-up runs a small part of PostgreSQL.
 */
function compilePgliteWasm(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(readFileSync(join(dirname(pgliteEntry()), 'pglite.wasm')));
}

/** Run by `node -e` with PGlite's entry and the data folder: creates the database (initdb) and closes it. */
const INITDB_SCRIPT = `const { PGlite } = require(process.argv[1]);
const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).then(
  () => process.exit(0),
  (error) => { process.stderr.write(String(error?.message ?? error)); process.exit(1); },
);`;

/**
 * Creates a new database in a child process. PGlite runs initdb in a second instance, whose WebAssembly memory and
 * buffers stayed in the server after it closed: a fresh start held ~380 MiB, twice what a start on existing data
 * holds, even after a full garbage collection (the C heap does not shrink). An exiting process gives all of it back.
 */
function createDatabase(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', INITDB_SCRIPT, pgliteEntry(), dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`initdb failed (${code ?? signal}): ${stderr.trim()}`)),
    );
  });
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite under `dataDir/pglite` (created if missing). PGlite's `db` is
 * returned once its WebAssembly is compiled (and a new database created), before it has opened, so the caller can
 * build the app meanwhile; await `ready` before serving.
 */
export async function startDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<StartingDatabase> {
  if (options.databaseUrl) return { ...(await usePostgres(options.databaseUrl)), ready: Promise.resolve() };
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const compiling = compilePgliteWasm();
  if (!existsSync(join(dir, 'PG_VERSION'))) await createDatabase(dir);
  const pgliteWasmModule = await compiling;
  return startPglite(new EmbeddedPostgres({ dataDir: dir, startParams: pgliteStartParams, pgliteWasmModule }));
}
