import { recordsOf, touches, type ChangeOwner, type QueuedChange } from './changes';

/** The signed-in account (followed from the session, see account.ts); undefined while it is not known. */
export interface SignedIn {
  get(): ChangeOwner | undefined;
  /** Another account (or none): the listeners hear of it. */
  set(next: ChangeOwner | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function createSignedIn(): SignedIn {
  let account: ChangeOwner | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => account,
    set(next) {
      if (next?.id === account?.id && next?.name === account?.name) return;
      account = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Changes that will still be sent (waiting or being sent): shown optimistically. Held and failed ones are not. */
export const isActive = (entry: QueuedChange) => entry.state === 'waiting' || entry.state === 'sending';

/**
 * The outbox as this tab knows it (kept in step with IndexedDB by the outbox), in replay order, read for the waiting
 * count and list; the mirror applies the signed-in account's changes that will still be sent on top of what the
 * server last said. Another account signing in hands the entries out anew, so the lists are drawn again.
 */
export function createPending(signedIn: SignedIn) {
  let entries: QueuedChange[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  signedIn.subscribe(() => {
    entries = [...entries];
    emit();
  });

  /**
   * Whether a change is the signed-in account's: only those are sent and shown as the toggle's state; another
   * account's stay held until it signs in again. A change queued before changes recorded their account (no `user`)
   * counts as the signed-in account's, whoever that is: nobody can tell who made it, and it must not be lost.
   */
  const isMine = (entry: QueuedChange) => !entry.user || entry.user.id === signedIn.get()?.id;

  return {
    get: () => entries,
    set(next: QueuedChange[]) {
      entries = next;
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isMine,
    /**
     * The changes applied on top of a record's server state: the signed-in account's that will still be sent (changes
     * of several records included).
     */
    activeChangesOf: (feature: string): QueuedChange[] =>
      entries.filter((entry) => touches(entry, feature) && isActive(entry) && isMine(entry)),
    /**
     * The earlier change to the same toggle (or one of them) that keeps this one back (see the outbox's takeNext):
     * another account's, or one held in conflict or failed, until it is decided on.
     */
    heldBehind: (entry: QueuedChange): QueuedChange | undefined =>
      entries.find(
        (other) =>
          other.seq! < entry.seq! &&
          recordsOf(entry).some((record) => touches(other, record)) &&
          (!isMine(other) || !isActive(other)),
      ),
    /**
     * Whether a change shows the refresh notice: the signed-in account's, held in conflict, not disregarded. A held
     * change is never resolved silently.
     */
    showsConflict: (entry: QueuedChange) =>
      entry.state === 'conflict' && entry.notice !== 'disregarded' && isMine(entry),
  };
}

export type Pending = ReturnType<typeof createPending>;
