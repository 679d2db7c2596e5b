import type { Db } from '../../platform/db/client.ts';
import type { Revisions } from '../../platform/revisions/revisions.ts';
import { seenAndPinnedBy } from '../pins/store.ts';
import { liveFeatures } from '../read-model.ts';
import { CLASSIC_ENV } from '../rules.ts';
import type { FeatureFilter } from '../store.ts';
import { classicList, environmentState } from './read-model.ts';
import { classicListItem } from './views.ts';

type Item = ReturnType<typeof classicListItem>;

/**
 * GET api/admin/features, which every console reads first, with thousands of toggles. Unfiltered, the toggles as read
 * at a revision (their fields, their default environment's state and strategies) are kept and served while it is
 * current (see Revisions), so a read costs one light query: what changes without a revision, when SDKs last saw each
 * toggle (their metrics) and whether the reader pinned it. A toggle missing from what was kept (a change of another
 * process not heard of yet) means a full read, as does a filter.
 */
export class ClassicList {
  #kept: { revision: number; items: Map<string, Item> } | undefined;
  /** How many times the toggles were read in full (for tests). */
  reads = 0;

  constructor(
    private readonly db: Db,
    private readonly revisions: Revisions,
  ) {}

  async read(filter: Omit<FeatureFilter, 'archived'>, reader: number | undefined) {
    if (Object.values(filter).some((value) => value !== undefined)) return classicList(this.db, filter, reader);
    const items = await this.#items();
    const rows = await seenAndPinnedBy(this.db, reader);
    const list = [];
    for (const { name, lastSeenAt, favorite } of rows) {
      const item = items.get(name);
      if (!item) return classicList(this.db, filter, reader);
      list.push({ ...item, lastSeenAt, favorite });
    }
    return list;
  }

  async #items(): Promise<Map<string, Item>> {
    if (this.#kept && this.revisions.isCurrent(this.#kept.revision)) return this.#kept.items;
    const revision = this.revisions.current;
    this.reads += 1;
    const rows = await liveFeatures(this.db);
    const state = await environmentState(this.db, rows, CLASSIC_ENV);
    const items = new Map(rows.map((f) => [f.name, classicListItem(f, state(f.name))]));
    if (this.revisions.isCurrent(revision)) this.#kept = { revision, items };
    return items;
  }
}

const lists = new WeakMap<Revisions, ClassicList>();

/** The classic list of an app, known by the app's revisions (one an app, which tests can inspect). */
export function classicListOf(revisions: Revisions, db: Db): ClassicList {
  let list = lists.get(revisions);
  if (!list) lists.set(revisions, (list = new ClassicList(db, revisions)));
  return list;
}
