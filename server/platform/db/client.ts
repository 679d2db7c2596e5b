import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** The database handle stores use, on either driver. A transaction (`db.transaction(tx => ...)`) is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Wraps an open PGlite and applies pending migrations. */
export async function usePglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}

/** Connects to PostgreSQL and applies pending migrations. */
export async function usePostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
}

/** PostgreSQL when a URL is given, otherwise PGlite under `dataDir/pglite` (created if missing). */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return usePostgres(options.databaseUrl);
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return usePglite(new PGlite(dir));
}
