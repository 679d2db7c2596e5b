/**
 * vitest globalSetup for the server-postgres project: starts a throwaway PostgreSQL 15 cluster on a free
 * 127.0.0.1 port, migrates a template database once, provides the cluster's URL as `postgresUrl` and the template's
 * name as `postgresTemplate` (read with `inject`), and removes the cluster afterwards. initdb refuses to run as root,
 * so as root the cluster runs as the `postgres` user (runuser).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { usePostgres } from '../platform/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    postgresTemplate: string;
  }
}

function findBinary(name: string): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/lib/postgresql/15/bin']) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(`${name} not found on PATH or in /usr/lib/postgresql/15/bin: install PostgreSQL 15`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The database every test server's database is a copy of (CREATE DATABASE ... TEMPLATE), migrated once a run. */
const TEMPLATE = 'switchyard_template';

/** Creates the template and applies the migrations to it; its connections are closed, as a template's must be. */
async function migrateTemplate(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${TEMPLATE}`;
  const database = await usePostgres(target.toString());
  await database.close();
}

/** A throwaway PostgreSQL 15 cluster on a free 127.0.0.1 port (as the `postgres` user when run as root). */
export async function startPostgresCluster(): Promise<{ url: string; stop: () => void }> {
  const asRoot = process.getuid?.() === 0;
  const run = (binary: string, args: string[]) => {
    const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
    execFileSync(command, fullArgs, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = join(dir, 'data');
  const pgCtl = findBinary('pg_ctl');
  run(findBinary('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(pgCtl, ['-D', dataDir, '-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  await migrateTemplate(cluster.url);
  project.provide('postgresUrl', cluster.url);
  project.provide('postgresTemplate', TEMPLATE);
  return cluster.stop;
}
