import { Dexie, type EntityTable } from 'dexie';
import type { QueuedChange } from './changes';

/** A read-only answer kept under its query key (UI config, projects, environments, types, definitions...). */
export interface ReferenceRow {
  /** The query key as JSON. */
  key: string;
  value: unknown;
  syncedAt: number;
}

/**
 * The console's IndexedDB: the mirror of what the server sent (reference data, and the tables the domains register)
 * and the outbox of changes waiting to be sent. One database per base path, so two consoles on one origin never mix.
 */
export class SwitchyardDb extends Dexie {
  reference!: EntityTable<ReferenceRow, 'key'>;
  outbox!: EntityTable<QueuedChange, 'seq'>;

  /** `tables`: the domains' own tables (see registry.ts), in Dexie's schema syntax. */
  constructor(name: string, tables: Record<string, string>) {
    super(name);
    // A table added or changed needs a new version here. An outbox row's account (`user`) is not indexed, so it
    // needed none; rows queued before it have none (see isMine in pending.ts).
    const stores = { ...tables, reference: 'key', outbox: '++seq, feature' };
    this.version(1).stores(stores);
    // Version 2: the domains' rows are stored in a new form (toggles as JSON). The mirror (their tables and the
    // reference rows, which say where a sync stands) starts again; the outbox, changes not yet sent, is kept.
    this.version(2)
      .stores(stores)
      .upgrade((transaction) =>
        Promise.all([...Object.keys(tables), 'reference'].map((table) => transaction.table(table).clear())),
      );
  }
}
