import type { QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../shared/api/client';
import type { Change, ChangeOwner, ChangeRequest, QueuedChange } from './changes';
import type { SwitchyardDb } from './db';

/**
 * What an engine knows of the domains: they register what they mirror and how their queued changes are sent
 * (src/app/offline.tsx does, before the engine starts). The engine itself imports no domain.
 */

/** Records a domain keeps in tables of its own, shown with the signed-in account's queued changes applied. */
export interface MirroredRecords {
  /** Its IndexedDB tables, in Dexie's schema syntax (part of the database's version, see db.ts). */
  tables: Record<string, string>;
  /** Whether it answers this query from its tables (the persisted query cache leaves such queries out). */
  serves(queryKey: QueryKey): boolean;
  /** IndexedDB is open: what is stored is loaded or, on a first visit, what is already known is stored. */
  attach(db: SwitchyardDb): Promise<void>;
  /** Signing out: what is held in memory is forgotten (the engine empties the tables). */
  clear(): void;
  /** The queued changes of these records changed, or another account signed in: their views are shown again. */
  refresh(records: Set<string>): void;
}

/** What a change is made against: the record's project, its version, and the part of it the change touches. */
export interface ChangeBase {
  project: string;
  version: number | undefined;
  snapshot: unknown;
  /** A change of several records: each one's version (see QueuedChange's baseVersions). */
  versions?: Record<string, number | undefined>;
}

type Target<C extends Change> = Pick<QueuedChange<C>, 'project' | 'feature' | 'change'>;

/** How a domain's changes are queued, sent and settled; the engine keeps their order, keys, versions and states. */
export interface ChangeHandler<C extends Change = Change> {
  kinds: readonly C['kind'][];
  /** The change in words, for the waiting list, the notices and the toasts. */
  describe(entry: Pick<QueuedChange<C>, 'feature' | 'change'>): string;
  /** The change as not done, naming its record, for the message of a refusal ('x in production was not turned off'). */
  notDone(entry: Pick<QueuedChange<C>, 'feature' | 'change'>): string;
  /** The message once the server has accepted it, when there is one. */
  successMessage(entry: Pick<QueuedChange<C>, 'feature' | 'change'>): string | undefined;
  /** A new change's base, on the record as the user sees it (the server's record is read first if it is unknown). */
  base(entry: Omit<Target<C>, 'project'> & { project?: string }): Promise<ChangeBase>;
  /**
   * A held change's base, on the server's record as the mirror now holds it with the earlier changes applied (read
   * from the server when the mirror does not keep it, e.g. a toggle archived meanwhile, whose refusal then says so).
   */
  rebase(entry: QueuedChange<C>): Promise<ChangeBase>;
  request(entry: QueuedChange<C>): ChangeRequest;
  /** A server without versions: whether the part the change touches is still as its snapshot says. */
  unchangedOnServer(entry: QueuedChange<C>, http: ApiClient): Promise<boolean>;
  /** The server accepted it (at `version`, when it has versions): the mirror holds it as the server's state. */
  confirmed(entry: QueuedChange<C>, version: number | undefined): void;
  /** The server's current record, read into the mirror (a conflict's 'Refresh configuration'). */
  reload(entry: Target<C>): Promise<void>;
  /** The temporary id of what the change creates: the server's id replaces it in later changes once it is sent. */
  createdId(change: C): string | undefined;
  /** A later change of the record once the creation of `id` is cancelled: adjusted, or null when it goes too. */
  without(change: C, id: string): C | null;
  /** Queries read again once changes have been sent. */
  settles: QueryKey[];
}

/** The signed-in account: the query that holds the session, and the account a session names. */
export interface AccountSource {
  queryKey: QueryKey;
  ownerOf(session: unknown): ChangeOwner | undefined;
}

/**
 * What the domains registered with one engine. `reference`: read-only answers the mirror keeps as they are, by query
 * key (their query functions live with their domains).
 */
export function createRegistry(reference: QueryKey[]) {
  const referenceKeys = new Set(reference.map((key) => JSON.stringify(key)));
  const mirrors: MirroredRecords[] = [];
  const handlers = new Map<string, ChangeHandler>();

  function handlerFor(change: Change): ChangeHandler {
    const handler = handlers.get(change.kind);
    if (!handler) throw new Error(`No domain handles queued changes of kind "${change.kind}"`);
    return handler;
  }

  return {
    registerMirror(records: MirroredRecords) {
      mirrors.push(records);
    },
    registerChanges<C extends Change>(handler: ChangeHandler<C>) {
      handler.kinds.forEach((kind) => handlers.set(kind, handler as unknown as ChangeHandler));
    },
    isReference: (queryKey: QueryKey) => referenceKeys.has(JSON.stringify(queryKey)),
    mirrors: (): readonly MirroredRecords[] => mirrors,
    tables: (): Record<string, string> => Object.assign({}, ...mirrors.map((m) => m.tables)),
    handlerFor,
    /** A queued change in words, by its domain. */
    describe: (entry: Pick<QueuedChange, 'feature' | 'change'>) => handlerFor(entry.change).describe(entry),
    /**
     * The message of a change the server refused, for the snackbar and the waiting list: the change as not done,
     * naming its record, and the server's own reason where its answer gave one (else the spec's text for the status).
     */
    failureMessage: (entry: Pick<QueuedChange, 'feature' | 'change'>, error: NonNullable<QueuedChange['error']>) =>
      `${handlerFor(entry.change).notDone(entry)}: ${error.detail ?? error.message}`,
  };
}

export type Registry = ReturnType<typeof createRegistry>;
