import type { QueryClient } from '@tanstack/react-query';
import { SwitchyardDb } from './db';
import { databaseName } from './db-name';
import { attachMirror } from './mirror';
import { attachOutbox } from './outbox';
import { mirroredTables } from './registry';
import { startReplay } from './replay';

/**
 * IndexedDB, loaded when it is needed (see offline.ts): the outbox first (so queued changes apply from the first
 * render), then the mirror, then the replay of what waits.
 */
export async function openStorage(queryClient: QueryClient, base: string): Promise<void> {
  const db = new SwitchyardDb(databaseName(base), mirroredTables());
  await attachOutbox(db);
  await attachMirror(db, queryClient);
  startReplay({ queryClient, base });
}
