import { SwitchyardDb } from './db';
import type { Mirror } from './mirror';
import { openOutbox } from './outbox';
import { createReplay, type ReplayParts } from './replay';

/**
 * IndexedDB, loaded when it is needed (see engine.ts): the outbox first (so queued changes apply from the first
 * render), then the mirror, then the replay of what waits. `name`: the database's.
 */
export async function openStorage(name: string, parts: Omit<ReplayParts, 'outbox' | 'lockName'> & { mirror: Mirror }) {
  const db = new SwitchyardDb(name, parts.registry.tables());
  const outbox = await openOutbox(db, parts);
  await parts.mirror.attach(db);
  const replay = createReplay({ ...parts, outbox, lockName: `${name}:outbox` });
  const stopReplay = replay.start();
  return {
    db,
    outbox,
    replay,
    /** The page closes: nothing more is sent (what is being sent is let finish) or followed; the database closes. */
    async close() {
      stopReplay();
      await replay.idle();
      outbox.close();
      await parts.mirror.detach();
      db.close();
    },
  };
}

export type Storage = Awaited<ReturnType<typeof openStorage>>;
