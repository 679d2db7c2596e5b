import { Dexie, type EntityTable } from 'dexie';
import type { QueuedChange } from './changes';
import type { ToggleState } from './toggle-state';

/** One toggle as the server last sent it (pending changes are applied on top when it is shown). */
export interface ToggleRow extends ToggleState {
  name: string;
  /** When the server last sent it (ms since epoch). */
  syncedAt: number;
}

/** A read-only answer kept under its query key (UI config, projects, environments, types, definitions...). */
export interface ReferenceRow {
  /** The query key as JSON. */
  key: string;
  value: unknown;
  syncedAt: number;
}

/**
 * The console's IndexedDB: the mirror of what the server sent (toggles, reference data) and the outbox of changes
 * waiting to be sent. One database per base path, so two consoles on one origin never mix.
 */
export class SwitchyardDb extends Dexie {
  toggles!: EntityTable<ToggleRow, 'name'>;
  reference!: EntityTable<ReferenceRow, 'key'>;
  outbox!: EntityTable<QueuedChange, 'seq'>;

  constructor(name: string) {
    super(name);
    // An outbox row's account (`user`) is not indexed, so it needed no new version; rows queued before it was
    // recorded have none and count as the signed-in account's (see isMine in pending.ts).
    this.version(1).stores({
      toggles: 'name',
      reference: 'key',
      outbox: '++seq, feature',
    });
  }
}
