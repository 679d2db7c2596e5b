import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Table } from 'dexie';
import { startTransition, useEffect, useState } from 'react';
import { api, type ApiClient } from '../shared/api/client';
import { NetworkError } from '../shared/api/errors';
import { inSlices } from '../shared/tasks';
import type { SwitchyardDb } from './db';
import { isReference, mirroredRecords, mirroredTables } from './registry';

/**
 * The mirror of what the server sent: the reference data (kept by query key) and the domains' records (kept by the
 * domains in their tables, see registry.ts). Its writes go to IndexedDB in order, after the screens have what they
 * need; the header shows when it last synced.
 */
let db: SwitchyardDb | undefined;
let lastSynced: number | undefined;
let writes: Promise<unknown> = Promise.resolve();
let stopWriteBack: (() => void) | undefined;
const syncListeners = new Set<() => void>();

/** A write to the mirror, after the ones before it; a failing write is reported, not thrown. */
export function writeMirror(task: (db: SwitchyardDb) => Promise<unknown>) {
  const database = db;
  if (!database) return;
  writes = writes
    .then(() => task(database))
    .catch((error: unknown) => console.warn('Switchyard: the offline mirror could not be written', error));
}

/** Rows stored per IndexedDB transaction by putInSlices: each slice's copy into IndexedDB stays a short task. */
export const ROWS_PER_SLICE = 25;

/**
 * Stores many rows (inside a writeMirror task) in transactions of ROWS_PER_SLICE rows, each encoded for storage
 * (`encode`) and written in a task of its own, so a sync of a thousand toggles never holds the page up for long.
 * `rows` written in slices are not one transaction: what must only be stored once all of them are (where a sync
 * stands) goes in the caller's transaction after it.
 */
export const putInSlices = <Row, Stored>(table: Table<Stored>, rows: Row[], encode: (row: Row) => Stored) =>
  inSlices(rows, ROWS_PER_SLICE, (slice) => table.bulkPut(slice.map(encode)));

/** The server has answered (at `at`): the header's last sync moves on. */
export function markSynced(at = Date.now()) {
  lastSynced = Math.max(lastSynced ?? 0, at);
  syncListeners.forEach((listener) => listener());
}

/**
 * When the mirror last synced, followed in transitions: it moves on as answers arrive, often while a screen is being
 * drawn, and a value read with useSyncExternalStore that changes during a screen's (time-sliced) render makes React
 * draw the whole screen again in one long task. Those who show it (the header, the rows' switches) are drawn again
 * in slices instead, a moment later.
 */
export function useLastSynced(): number | undefined {
  const [synced, setSynced] = useState(lastSynced);
  useEffect(() => {
    const follow = () => startTransition(() => setSynced(lastSynced));
    syncListeners.add(follow);
    follow(); // a sync between the render and now
    return () => void syncListeners.delete(follow);
  }, []);
  return synced;
}

/** Whether the mirror holds a query's data (the query cache persister leaves those out of localStorage). */
export function isMirrored(queryKey: QueryKey): boolean {
  return isReference(queryKey) || mirroredRecords().some((records) => records.serves(queryKey));
}

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

/** The queued changes of some records changed: the domains show them again. */
export function refreshViews(records: Iterable<string>) {
  const changed = new Set(records);
  mirroredRecords().forEach((mirrored) => mirrored.refresh(changed));
}

/** The query cache the mirror's views go to (from the start, before IndexedDB may be opened). */
export function connectViews(queryClient: QueryClient) {
  mirroredRecords().forEach((records) => records.connect(queryClient));
}

/**
 * Connects the mirror to IndexedDB. Opened before the first render (there is a stored mirror), the stored records
 * and reference data become what the screens show at once. Opened later (a first visit), what the network has
 * already answered is stored. From then on every answer of a reference query is kept too.
 */
export async function attachMirror(database: SwitchyardDb, queryClient: QueryClient, http: ApiClient = api) {
  stopWriteBack?.();
  db = database;
  connectViews(queryClient);
  const [references] = await Promise.all([
    database.reference.toArray(),
    ...mirroredRecords().map((records) => records.attach(database, http)),
  ]);
  for (const reference of references) {
    const key = JSON.parse(reference.key) as QueryKey;
    if (!isReference(key) || queryClient.getQueryData(key) !== undefined) continue;
    queryClient.setQueryData(key, reference.value, { updatedAt: reference.syncedAt });
    markSynced(reference.syncedAt);
  }
  for (const query of queryClient.getQueryCache().getAll()) {
    const key = JSON.stringify(query.queryKey);
    const { data, dataUpdatedAt, status } = query.state;
    const stored = references.find((reference) => reference.key === key);
    if (isReference(query.queryKey) && status === 'success' && (!stored || stored.syncedAt < dataUpdatedAt)) {
      writeMirror((d) => d.reference.put({ key, value: data, syncedAt: dataUpdatedAt }));
    }
  }
  stopWriteBack = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (!isReference(event.query.queryKey)) return;
    const syncedAt = event.query.state.dataUpdatedAt;
    markSynced(syncedAt);
    writeMirror((d) =>
      d.reference.put({ key: JSON.stringify(event.query.queryKey), value: event.query.state.data, syncedAt }),
    );
  });
}

/** Signing out: the mirror is emptied (the outbox is kept: it holds changes not yet sent). */
export async function clearMirror() {
  mirroredRecords().forEach((records) => records.clear());
  writeMirror((database) => {
    const tables = [database.reference, ...Object.keys(mirroredTables()).map((name) => database.table(name))];
    return database.transaction('rw', tables, () => Promise.all(tables.map((table) => table.clear())));
  });
  await writes;
}
