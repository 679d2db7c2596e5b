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
    // Version 1 holds every table so far; a table added or changed needs a new version here. An outbox row's account
    // (`user`) is not indexed, so it needed none; rows queued before it have none (see isMine in pending.ts).
    this.version(1).stores({ ...tables, reference: 'key', outbox: '++seq, feature' });
  }
}
