import { useSyncExternalStore } from 'react';
import type { ChangeOwner, QueuedChange } from './changes';

/**
 * The outbox as this tab knows it (kept in step with IndexedDB by the outbox), in replay order. The screens read
 * it for the waiting count and list; the mirror applies the signed-in account's changes that will still be sent on
 * top of what the server last said.
 */
let entries: QueuedChange[] = [];
/** The signed-in account (followed from the session, see account.ts); undefined while it is not known. */
let account: ChangeOwner | undefined;
const listeners = new Set<() => void>();
const accountListeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

export const pending = {
  get: () => entries,
  set(next: QueuedChange[]) {
    entries = next;
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const signedIn = {
  get: () => account,
  /** Another account (or none): the lists re-render (the entries are handed out anew) and the listeners hear of it. */
  set(next: ChangeOwner | undefined) {
    if (next?.id === account?.id && next?.name === account?.name) return;
    account = next;
    entries = [...entries];
    emit();
    accountListeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    accountListeners.add(listener);
    return () => accountListeners.delete(listener);
  },
};

/** Changes that will still be sent (waiting or being sent): shown optimistically. Held and failed ones are not. */
export const isActive = (entry: QueuedChange) => entry.state === 'waiting' || entry.state === 'sending';

/**
 * Whether a change is the signed-in account's: only those are sent and shown as the toggle's state; another
 * account's stay held until it signs in again. A change queued before changes recorded their account (no `user`)
 * counts as the signed-in account's, whoever that is: nobody can tell who made it, and it must not be lost.
 */
export const isMine = (entry: QueuedChange) => !entry.user || entry.user.id === account?.id;

/** The changes applied on top of a toggle's server state: the signed-in account's that will still be sent. */
export function activeChangesOf(feature: string): QueuedChange[] {
  return entries.filter((entry) => entry.feature === feature && isActive(entry) && isMine(entry));
}

/**
 * The earlier change to the same toggle that keeps this one back (see takeNext): another account's, or one held in
 * conflict or failed, until it is decided on.
 */
export const heldBehind = (entry: QueuedChange): QueuedChange | undefined =>
  entries.find(
    (other) => other.feature === entry.feature && other.seq! < entry.seq! && (!isMine(other) || !isActive(other)),
  );

/**
 * Whether a change shows the refresh notice: the signed-in account's, held in conflict, not disregarded. A held change
 * is never resolved silently.
 */
export const showsConflict = (entry: QueuedChange) =>
  entry.state === 'conflict' && entry.notice !== 'disregarded' && isMine(entry);

const conflictShown = () => entries.some(showsConflict);

/** Whether a change shows the refresh notice; a component using it re-renders only when that turns. */
export function useConflictShown(): boolean {
  return useSyncExternalStore(pending.subscribe, conflictShown, conflictShown);
}

/** The outbox, in replay order; a component using it also re-renders when another account signs in. */
export function usePendingChanges(): QueuedChange[] {
  return useSyncExternalStore(pending.subscribe, pending.get, pending.get);
}
