/**
 * The revision of what the database holds, as this process knows it: a number bumped after every committed change
 * (ours: after a write request's handler has finished; other processes': when PostgreSQL delivers the NOTIFY that
 * appendEvent sends in the change's transaction). A result read while the revision was r may be kept and served
 * for as long as `isCurrent(r)`: nothing has been committed since, as far as any process could have told us.
 */
export class Revisions {
  #current = 0;
  #heard: boolean;
  readonly #listeners = new Set<() => void>();

  /** `heard`: whether every other process's change is announced (false until a PostgreSQL LISTEN is up). */
  constructor(heard: boolean) {
    this.#heard = heard;
  }

  get current(): number {
    return this.#current;
  }

  /** Something was (or may have been) committed: whatever was read before is no longer current. */
  bump(): void {
    this.#current += 1;
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after every bump (open event streams push the new state); returns what stops it. */
  onBump(listener: () => void): () => void {
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
    this.bump();
  }
}
