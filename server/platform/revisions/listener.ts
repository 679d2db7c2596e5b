import type { FastifyBaseLogger } from 'fastify';
import type { ClientConfig, Client } from 'pg';
import { CHANGES_CHANNEL } from '../events/store.ts';
import type { Revisions } from './revisions.ts';

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5000;
/** How often the LISTEN connection is checked, and how long a check may take, so a dead one is noticed. */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5000;
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'switchyard-changes';

interface Attempt {
  client: Client;
  dead: boolean;
}

/**
 * Listens on CHANGES_CHANNEL over a dedicated PostgreSQL connection and bumps the revisions on every notification
 * (other processes' changes, and our own). While the connection is down the revisions are not trusted; it is
 * reconnected with a growing delay, and coming back up invalidates whatever was read meanwhile.
 */
export class ChangeListener {
  readonly #config: ClientConfig;
  readonly #revisions: Revisions;
  readonly #log: FastifyBaseLogger;
  #live: Attempt | undefined;
  #stopped = false;
  #retryMs = FIRST_RETRY_MS;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(config: ClientConfig, revisions: Revisions, log: FastifyBaseLogger) {
    this.#config = config;
    this.#revisions = revisions;
    this.#log = log;
  }

  /** Connects and LISTENs; resolves once this attempt has succeeded or failed (a failure retries later). */
  async start(): Promise<void> {
    if (this.#stopped) return;
    const { default: pg } = await import('pg');
    const attempt: Attempt = {
      client: new pg.Client({ ...this.#config, keepAlive: true, application_name: LISTENER_NAME }),
      dead: false,
    };
    attempt.client.on('notification', ({ payload }) => this.#revisions.bump(payload ? payload.split(',') : []));
    attempt.client.on('error', (error) => this.#lost(attempt, error));
    attempt.client.on('end', () => this.#lost(attempt));
    try {
      await attempt.client.connect();
      await attempt.client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      this.#lost(attempt, error);
      return;
    }
    if (attempt.dead) return;
    if (this.#stopped) {
      await attempt.client.end().catch(() => {});
      return;
    }
    this.#live = attempt;
    this.#retryMs = FIRST_RETRY_MS;
    this.#revisions.setHeard(true);
    this.#heartbeat = setInterval(() => this.#check(attempt), HEARTBEAT_MS).unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    const live = this.#live;
    this.#live = undefined;
    if (live) {
      live.dead = true;
      await live.client.end().catch(() => {});
    }
  }

  #check(attempt: Attempt) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error('no answer to the heartbeat')), HEARTBEAT_TIMEOUT_MS);
    });
    Promise.race([attempt.client.query('select 1'), timeout])
      .catch((error: unknown) => this.#lost(attempt, error))
      .finally(() => clearTimeout(timer));
  }

  #lost(attempt: Attempt, error?: unknown) {
    if (attempt.dead) return;
    attempt.dead = true;
    if (this.#live === attempt) {
      this.#live = undefined;
      clearInterval(this.#heartbeat);
      this.#revisions.setHeard(false);
    }
    attempt.client.end().catch(() => {});
    if (this.#stopped) return;
    this.#log.warn({ err: error }, `change notifications lost; listening again in ${this.#retryMs} ms`);
    this.#retry = setTimeout(() => void this.start(), this.#retryMs).unref();
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
  }
}
