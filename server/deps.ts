import type { Config } from './config.ts';
import type { Db } from './platform/db/client.ts';

/** What routes and services share. Domains import this, never app.ts (the composition root). */
export interface AppDeps {
  db: Db;
  config: Config;
  /** Cached after the first read. */
  instanceId?: string;
}

export function createDeps(config: Config, db: Db): AppDeps {
  return { db, config };
}
