import type { FastifyInstance } from 'fastify';
import type { PoolConfig } from 'pg';
import { SDK_PERMISSIONS } from '../access/guard.ts';
import type { Db } from '../db/client.ts';
import { ChangeListener } from './listener.ts';
import { Revisions, type Changed } from './revisions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The revision of the database as this process knows it (see Revisions). */
    revisions: Revisions;
  }
  interface FastifyContextConfig {
    /** Kinds of record a write of this route changes that its bump names (see Changed), besides the usual. */
    changes?: Changed;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The node-postgres pool behind a drizzle handle; undefined for PGlite (one process, nothing to listen to). */
function postgresPool(db: Db): { options: PoolConfig } | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (typeof client === 'object' && client !== null && 'totalCount' in client && 'options' in client) {
    return client as { options: PoolConfig };
  }
  return undefined;
}

/**
 * Decorates the app with `revisions`. Our own writes bump it once their handler has finished (its transaction has
 * committed), before the answer leaves: a client that reads after our answer never gets what was read before. Only
 * writes of signed-in callers that were not refused (4xx) count, and not the SDKs' register and metrics.
 * On PostgreSQL other processes' changes arrive as notifications (ChangeListener); the app is ready once it listens.
 */
export function registerRevisions(app: FastifyInstance, { db }: { db: Db }) {
  const pool = postgresPool(db);
  const revisions = new Revisions(pool === undefined);
  app.decorate('revisions', revisions);
  app.addHook('onSend', (request, reply, payload, done) => {
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    if (
      !READS.has(request.method) &&
      request.caller &&
      !refused &&
      !SDK_PERMISSIONS.has(request.routeOptions.config.permission)
    ) {
      revisions.bump(request.routeOptions.config.changes);
    }
    done(null, payload);
  });
  if (pool) {
    const listener = new ChangeListener(pool.options, revisions, app.log);
    const listening = listener.start();
    app.addHook('onReady', () => listening);
    app.addHook('onClose', () => listener.stop());
  }
}
