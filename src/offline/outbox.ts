import { versionOf } from '../shared/api/client';
import {
  isNotNow,
  isTmpId,
  recordsOf,
  replaceId,
  stableJson,
  touches,
  uuid,
  versionOn,
  type Change,
  type QueuedChange,
} from './changes';
import type { SwitchyardDb } from './db';
import type { Mirror } from './mirror';
import { isActive, type Pending, type SignedIn } from './pending';
import type { Registry } from './registry';

/** The records whose queued changes differ between two versions of the outbox. */
function changedRecords(before: QueuedChange[], after: QueuedChange[]): Set<string> {
  const byRecord = (entries: QueuedChange[]) => {
    const map = new Map<string, string>();
    for (const entry of entries)
      for (const record of recordsOf(entry))
        map.set(record, (map.get(record) ?? '') + stableJson([entry.seq, entry.state, entry.change]));
    return map;
  };
  const a = byRecord(before);
  const b = byRecord(after);
  return new Set([...a.keys(), ...b.keys()].filter((feature) => a.get(feature) !== b.get(feature)));
}

/** Two changes recorded with different accounts (one without an account counts as anyone's, see isMine). */
const otherAccounts = (a: QueuedChange, b: QueuedChange) => !!a.user && !!b.user && a.user.id !== b.user.id;

interface OutboxParts {
  pending: Pending;
  signedIn: SignedIn;
  registry: Registry;
  mirror: Mirror;
}

/**
 * The outbox of `db`: every queued change is written to IndexedDB first (so it survives a reload, a closed browser
 * and a new service worker), then shown optimistically, then sent by the replay. It owns the table's rules: what is
 * queued with a change, what is sent next, and what a success, a conflict or a cancel does to the rest. Other tabs of
 * this console hear of every change to it (and read it again). Resolves once the table is loaded (before the mirror
 * is shown, so queued changes are applied from the first render).
 */
export async function openOutbox(db: SwitchyardDb, { pending, signedIn, registry, mirror }: OutboxParts) {
  /** Temporary ids whose creating change has replayed, with the server's id (for changes made with them later). */
  const createdIds = new Map<string, string>();
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${db.name}:outbox`);
  const { handlerFor } = registry;
  const { isMine } = pending;

  function show(next: QueuedChange[]) {
    const before = pending.get();
    pending.set(next);
    mirror.refreshViews(changedRecords(before, next));
  }

  /** The table read again (another tab changed it). */
  async function read() {
    show(await db.outbox.orderBy('seq').toArray());
  }

  /** After a write here: this tab reads the table again, and tells the others to. */
  async function reload() {
    await read();
    channel?.postMessage('changed');
  }

  pending.set(await db.outbox.orderBy('seq').toArray());
  // Another account signed in: the records with queued changes are shown again with that account's changes only.
  const stopFollowingAccount = signedIn.subscribe(() =>
    mirror.refreshViews(new Set(pending.get().map((entry) => entry.feature))),
  );
  if (channel) channel.onmessage = () => void read();

  return {
    read,

    /**
     * Adds a change: it is stored with the signed-in account, a new idempotency key, the record's version and a
     * snapshot of the part it touches as the user saw it (with their earlier queued changes applied), then shown.
     */
    async add<C extends Change>(feature: string, change: C, project?: string): Promise<QueuedChange<C>> {
      const resolved = [...createdIds].reduce((c, [tmp, id]) => replaceId(c, tmp, id), change);
      const base = await handlerFor(change).base({ feature, project, change: resolved });
      const user = signedIn.get();
      const entry: QueuedChange<C> = {
        key: uuid(),
        project: base.project,
        feature,
        change: resolved,
        baseVersion: base.version,
        ...(base.versions && { baseVersions: base.versions }),
        snapshot: base.snapshot,
        createdAt: Date.now(),
        state: 'waiting',
        ...(user && { user }),
      };
      entry.seq = await db.outbox.add(entry);
      show([...pending.get(), entry]);
      channel?.postMessage('changed');
      return entry;
    },

    /**
     * The next change to send, marked as being sent: the first change of a record goes only when it is waiting and the
     * signed-in account's; a held or failed one keeps the record's later changes back (they replay strictly in order).
     * Another account's change is held until that account signs in again, and it keeps the record's later changes back
     * too, the signed-in account's included (they are listed as waiting behind it): they were made without seeing it,
     * and sending them first would reorder the record's changes. A change left 'sending' by a closed tab is taken again
     * (the caller holds the replay lock; its idempotency key makes the repeat safe). A change of several records goes
     * after the earlier changes of each of them, and their later changes after it.
     */
    async takeNext(): Promise<QueuedChange | undefined> {
      const next = await db.transaction('rw', db.outbox, async () => {
        const seen = new Set<string>();
        for (const entry of await db.outbox.orderBy('seq').toArray()) {
          const records = recordsOf(entry);
          const behind = records.some((record) => seen.has(record));
          records.forEach((record) => seen.add(record));
          if (behind) continue;
          if (isActive(entry) && isMine(entry)) {
            await db.outbox.update(entry.seq!, { state: 'sending' });
            return { ...entry, state: 'sending' as const };
          }
        }
        return undefined;
      });
      if (next) await reload();
      return next;
    },

    /** Back to waiting (no answer, a server error, or a 401): sent again later with the same idempotency key. */
    async release(entry: QueuedChange) {
      await db.outbox.update(entry.seq!, { state: 'waiting' });
      await reload();
    },

    /** The record changed since the change was made: held, never sent again until the user decides. */
    async hold(entry: QueuedChange) {
      await db.outbox.update(entry.seq!, { state: 'conflict', notice: 'open' });
      await reload();
    },

    /** A failure that is not a conflict: kept, with its message, until the user dismisses it. */
    async fail(entry: QueuedChange, error: NonNullable<QueuedChange['error']>) {
      await db.outbox.update(entry.seq!, { state: 'failed', error });
      await reload();
    },

    /**
     * 'Retry': a failed change waits to be sent again, on the version it was made against (a change made elsewhere
     * meanwhile is met as a conflict). The server keeps a refusal's answer with its idempotency key, and a refusal
     * changed nothing, so the retry gets a new key; after a "not now" answer (a server error...), which the server may
     * or may not have applied, it keeps its key.
     */
    async retry(seq: number) {
      await db.transaction('rw', db.outbox, async () => {
        const entry = await db.outbox.get(seq);
        if (entry?.state !== 'failed' || !isMine(entry)) return;
        const refused = entry.error !== undefined && !isNotNow(entry.error.status);
        await db.outbox.update(seq, { state: 'waiting', error: undefined, ...(refused && { key: uuid() }) });
      });
      await reload();
    },

    /**
     * The server accepted a change. It leaves the outbox; the answer's ETag becomes the version the record's next
     * queued changes of the same account (made against the same version, on a view with this change applied) are sent
     * with; another account's were made without seeing it, so they keep their version and meet it as a conflict. A
     * change of several records (which answers no ETag) moved each of them on by one version. A temporary id it
     * created becomes the server's id in them; the mirror holds the change as the server's state.
     */
    async confirmSent(entry: QueuedChange, answer: { data: unknown; etag: string | null }) {
      const handler = handlerFor(entry.change);
      const version = versionOf(answer.etag);
      const createdId = handler.createdId(entry.change);
      const tmp = isTmpId(createdId) ? createdId : undefined;
      const created = tmp ? (answer.data as { id?: string } | undefined)?.id : undefined;
      const rewrite = <T>(value: T): T => (tmp && created ? replaceId(value, tmp, created) : value);
      const moved = new Map(
        recordsOf(entry).map((record) => {
          const before = versionOn(entry, record);
          const after = record === entry.feature ? version : before === undefined ? undefined : before + 1;
          return [record, { before, after }];
        }),
      );
      /** A later change's version on `record`: the one after this change when it was made against the one before. */
      const next = (later: QueuedChange, record: string, known: number | undefined) => {
        const move = moved.get(record);
        return move && known === move.before && !otherAccounts(later, entry) ? move.after : known;
      };
      await db.transaction('rw', db.outbox, async () => {
        await db.outbox.delete(entry.seq!);
        const later = await db.outbox
          .where('seq')
          .above(entry.seq!)
          .filter((e) => [...moved.keys()].some((record) => touches(e, record)))
          .toArray();
        for (const e of later) {
          await db.outbox.put({
            ...e,
            change: rewrite(e.change),
            snapshot: rewrite(e.snapshot),
            baseVersion: next(e, e.feature, e.baseVersion),
            ...(e.baseVersions && {
              baseVersions: Object.fromEntries(
                Object.entries(e.baseVersions).map(([record, known]) => [record, next(e, record, known)]),
              ),
            }),
          });
        }
      });
      if (tmp && created) createdIds.set(tmp, created);
      handler.confirmed({ ...entry, change: rewrite(entry.change) }, version);
      await reload();
    },

    /**
     * Cancels a change that is not being sent (also a held or failed one, or another account's: 'Discard'): it leaves
     * the outbox and its optimistic effect goes with it. Cancelling a change that creates something also adjusts or
     * drops the record's later changes that refer to it. Another account's change is never being sent by this session
     * (one left 'sending' by a closed tab of that account can be discarded too).
     */
    async cancel(seq: number): Promise<boolean> {
      const cancelled = await db.transaction('rw', db.outbox, async () => {
        const entry = await db.outbox.get(seq);
        if (!entry || (entry.state === 'sending' && isMine(entry))) return false;
        await db.outbox.delete(seq);
        const handler = handlerFor(entry.change);
        const id = handler.createdId(entry.change);
        if (id) {
          const later = await db.outbox
            .where('feature')
            .equals(entry.feature)
            .filter((e) => e.seq! > seq)
            .toArray();
          for (const next of later) {
            const kept = handler.without(next.change, id);
            if (kept === null) await db.outbox.delete(next.seq!);
            else if (kept !== next.change) await db.outbox.put({ ...next, change: kept });
          }
        }
        return true;
      });
      await reload();
      return cancelled;
    },

    /** 'Disregard': the notice closes; the change stays held in the waiting list. */
    async disregard(seq: number) {
      await db.outbox.update(seq, { notice: 'disregarded' });
      await reload();
    },

    /** 'Refresh configuration': the server's current record is loaded into the mirror and the screens. */
    async refreshConflict(seq: number) {
      const entry = pending.get().find((e) => e.seq === seq);
      if (!entry) return;
      await handlerFor(entry.change).reload(entry);
      await db.outbox.update(seq, { notice: 'refreshed' });
      await reload();
    },

    /**
     * 'Apply again': the held change is rebased on the server's current record (loaded first unless the user just
     * refreshed it): its version and snapshot are taken anew and it gets a new idempotency key (the first one's answer
     * was the conflict), then it waits to be sent like any other change.
     */
    async rebase(seq: number) {
      const entry = pending.get().find((e) => e.seq === seq);
      if (!entry) return;
      const handler = handlerFor(entry.change);
      if (entry.notice !== 'refreshed') await handler.reload(entry);
      const base = await handler.rebase(entry);
      await db.outbox.update(seq, {
        key: uuid(),
        baseVersion: base.version,
        ...(base.versions && { baseVersions: base.versions }),
        snapshot: base.snapshot,
        state: 'waiting',
        notice: undefined,
        error: undefined,
      });
      await reload();
    },

    /** This tab no longer follows the outbox (the page closes). */
    close() {
      stopFollowingAccount();
      channel?.close();
    },
  };
}

export type Outbox = Awaited<ReturnType<typeof openOutbox>>;
