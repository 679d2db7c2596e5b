/**
 * Test support for changes that must travel between processes: a second app on the same PostgreSQL database as a
 * started test server, as another process would run it (its own pool, its own LISTEN connection, its own memory).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { usePostgres } from '../platform/db/client.ts';
import type { TestServer } from './harness.ts';

export interface SecondProcess {
  /** Its base URL (with the base path). */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts the second app on `server`'s database (TEST_DB=postgres only: PGlite is one process). */
export async function startSecondProcess(server: TestServer): Promise<SecondProcess> {
  const pool = (server.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
  const connectionString = pool.options?.connectionString;
  if (!connectionString) throw new Error('a second process needs the PostgreSQL database (TEST_DB=postgres)');
  const database = await usePostgres(connectionString);
  const app = await buildApp(server.config, database.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${server.base}`,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second process on the database of `server()` (read when the tests start), started before the tests of the
 * calling describe block and closed after them. Returns what gives it inside tests.
 */
export function useSecondProcess(server: () => TestServer): () => SecondProcess {
  let other: SecondProcess | undefined;
  beforeAll(async () => {
    other = await startSecondProcess(server());
  });
  afterAll(() => other?.close());
  return () => other!;
}

/**
 * Another app on `server`'s own database handle, not listening yet: the same process restarted (its memory is new,
 * what it reads is the same). Works on both databases.
 */
export const restartedApp = (server: TestServer): Promise<FastifyInstance> => buildApp(server.config, server.db);
