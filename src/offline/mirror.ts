import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Table } from 'dexie';
import { NetworkError } from '../shared/api/errors';
import { inSlices } from '../shared/tasks';
import type { SwitchyardDb } from './db';
import type { Registry } from './registry';

/** Rows stored per IndexedDB transaction by putInSlices: each slice's copy into IndexedDB stays a short task. */
export const ROWS_PER_SLICE = 25;

/**
 * Stores many rows (inside a mirror write's task) in transactions of ROWS_PER_SLICE rows, each encoded for storage
 * (`encode`) and written in a task of its own, so a sync of a thousand toggles never holds the page up for long.
 * `rows` written in slices are not one transaction: what must only be stored once all of them are (where a sync
 * stands) goes in the caller's transaction after it.
 */
export const putInSlices = <Row, Stored>(table: Table<Stored>, rows: Row[], encode: (row: Row) => Stored) =>
  inSlices(rows, ROWS_PER_SLICE, (slice) => table.bulkPut(slice.map(encode)));

/**
 * A mirrored read: the server's answer goes into the mirror; when no answer comes (offline) the mirror's view is the
 * answer, so a screen that has data keeps it rather than turning into an error.
 */
export async function readThrough<T>(fetch: () => Promise<T>, fallback: () => T | undefined): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    const known = error instanceof NetworkError ? fallback() : undefined;
    if (known === undefined) throw error;
    return known;
  }
}

/**
 * The mirror of what the server sent: the reference data (kept by query key) and the domains' records (kept by the
 * domains in their tables, see registry.ts). Its writes go to IndexedDB in order, after the screens have what they
 * need; the header shows when it last synced.
 */
export function createMirror(queryClient: QueryClient, registry: Registry) {
  let db: SwitchyardDb | undefined;
  let lastSynced: number | undefined;
  let writes: Promise<unknown> = Promise.resolve();
  let stopWriteBack: (() => void) | undefined;
  const syncListeners = new Set<() => void>();

  /** A write to the mirror, after the ones before it; a failing write is reported, not thrown. */
  function write(task: (db: SwitchyardDb) => Promise<unknown>) {
    const database = db;
    if (!database) return;
    writes = writes
      .then(() => task(database))
      .catch((error: unknown) => console.warn('Switchyard: the offline mirror could not be written', error));
  }

  /** The server has answered (at `at`): the header's last sync moves on. */
  function markSynced(at = Date.now()) {
    lastSynced = Math.max(lastSynced ?? 0, at);
    syncListeners.forEach((listener) => listener());
  }

  return {
    write,
    markSynced,
    lastSynced: () => lastSynced,
    subscribeSynced(listener: () => void) {
      syncListeners.add(listener);
      return () => void syncListeners.delete(listener);
    },

    /** Whether the mirror holds a query's data (the query cache persister leaves those out of localStorage). */
    isMirrored: (queryKey: QueryKey) =>
      registry.isReference(queryKey) || registry.mirrors().some((records) => records.serves(queryKey)),

    /** The queued changes of some records changed: the domains show them again. */
    refreshViews(records: Iterable<string>) {
      const changed = new Set(records);
      registry.mirrors().forEach((mirrored) => mirrored.refresh(changed));
    },

    /**
     * Connects the mirror to IndexedDB. Opened before the first render (there is a stored mirror), the stored records
     * and reference data become what the screens show at once. Opened later (a first visit), what the network has
     * already answered is stored. From then on every answer of a reference query is kept too.
     */
    async attach(database: SwitchyardDb) {
      stopWriteBack?.();
      db = database;
      const [references] = await Promise.all([
        database.reference.toArray(),
        ...registry.mirrors().map((records) => records.attach(database)),
      ]);
      for (const reference of references) {
        const key = JSON.parse(reference.key) as QueryKey;
        if (!registry.isReference(key) || queryClient.getQueryData(key) !== undefined) continue;
        queryClient.setQueryData(key, reference.value, { updatedAt: reference.syncedAt });
        markSynced(reference.syncedAt);
      }
      for (const query of queryClient.getQueryCache().getAll()) {
        const key = JSON.stringify(query.queryKey);
        const { data, dataUpdatedAt, status } = query.state;
        const stored = references.find((reference) => reference.key === key);
        if (
          registry.isReference(query.queryKey) &&
          status === 'success' &&
          (!stored || stored.syncedAt < dataUpdatedAt)
        ) {
          write((d) => d.reference.put({ key, value: data, syncedAt: dataUpdatedAt }));
        }
      }
      stopWriteBack = queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
        if (!registry.isReference(event.query.queryKey)) return;
        const syncedAt = event.query.state.dataUpdatedAt;
        markSynced(syncedAt);
        write((d) =>
          d.reference.put({ key: JSON.stringify(event.query.queryKey), value: event.query.state.data, syncedAt }),
        );
      });
    },

    /** Signing out: the mirror is emptied (the outbox is kept: it holds changes not yet sent). */
    async clear() {
      registry.mirrors().forEach((records) => records.clear());
      write((database) => {
        const tables = [database.reference, ...Object.keys(registry.tables()).map((name) => database.table(name))];
        return database.transaction('rw', tables, () => Promise.all(tables.map((table) => table.clear())));
      });
      await writes;
    },

    /** The page closes: answers are no longer written (what was asked to be written is, first). */
    async detach() {
      stopWriteBack?.();
      db = undefined;
      await writes;
    },
  };
}

export type Mirror = ReturnType<typeof createMirror>;
