// A server whose data folder holds many audit events, for the history's spec and bench/history: the server starts
// once on a fresh data folder and stops; the events are appended through the events service (appendEvent, in one
// transaction) to that folder; then the server starts again on it. Thousands of events take seconds this way,
// where the API (a change per event) takes minutes on a busy machine.
import { rmSync } from 'node:fs';
import { startDatabase } from '../../server/platform/db/client.ts';
import { appendEvent, type NewEvent } from '../../server/platform/events/store.ts';
import { startServer, type RunningServer } from './server.ts';

export interface ServerWithEvents {
  server: RunningServer;
  /** How long the events took to append, in seconds. */
  seedSeconds: number;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

export async function startServerWithEvents(count: number, event: (i: number) => NewEvent): Promise<ServerWithEvents> {
  const first = await startServer();
  const dataDir = first.dataDir;
  await first.stop({ keepData: true });
  const started = Date.now();
  const database = await startDatabase({ dataDir });
  try {
    await database.ready;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await appendEvent(tx, event(i));
    });
  } finally {
    await database.close();
  }
  const seedSeconds = (Date.now() - started) / 1000;
  const server = await startServer({ DATA_DIR: dataDir });
  return {
    server,
    seedSeconds,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
