/**
 * Kinds of record a bump says were changed, named by the domain that owns them (e.g. API tokens), for listeners that
 * act only on those: routes name them in `config.changes`, other processes in the NOTIFY (appendEvent's `changes`).
 * ANYTHING: it cannot be told (changes may have gone unheard).
 */
export type Changed = readonly string[];
export const ANYTHING = '*';

/** Whether a bump that changed `changed` may have changed records of that kind. */
export const mayHaveChanged = (changed: Changed, kind: string) => changed.includes(kind) || changed.includes(ANYTHING);

/**
 * The revision of what the database holds, as this process knows it: a number bumped after every committed change
 * (ours: after a write request's handler has finished; other processes': when PostgreSQL delivers the NOTIFY that
 * appendEvent sends in the change's transaction). A result read while the revision was r may be kept and served
 * for as long as `isCurrent(r)`: nothing has been committed since, as far as any process could have told us.
 */
export class Revisions {
  #current = 0;
  #heard: boolean;
  readonly #listeners = new Set<(changed: Changed) => void>();

  /** `heard`: whether every other process's change is announced (false until a PostgreSQL LISTEN is up). */
  constructor(heard: boolean) {
    this.#heard = heard;
  }

  get current(): number {
    return this.#current;
  }

  /**
   * Something was (or may have been) committed: whatever was read before is no longer current. `changed`: the
   * kinds of record the change is known to have touched beyond the usual (see Changed).
   */
  bump(changed: Changed = []): void {
    this.#current += 1;
    for (const listener of this.#listeners) listener(changed);
  }

  /** Calls `listener` after every bump (open event streams push the new state); returns what stops it. */
  onBump(listener: (changed: Changed) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * True while a result read at `revision` is current. Never while other processes' changes can go unheard
   * (the LISTEN connection is down): then every read goes to the database.
   */
  isCurrent(revision: number): boolean {
    return this.#heard && revision === this.#current;
  }

  /** The LISTEN connection came up (true) or went down (false); both invalidate what was read meanwhile. */
  setHeard(heard: boolean): void {
    this.#heard = heard;
    this.bump([ANYTHING]); // other processes' changes may have gone unheard meanwhile
  }
}
