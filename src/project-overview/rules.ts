import type { LifecycleStage } from '../../contract/lifecycle';
import { DEFAULT_UNSEEN_DAYS } from '../../contract/projects';
/** The project page's toggle table. */
/** 50 rows a page, sortable by these keys, by name at first. */
export const TOGGLES_PAGE_SIZE = 50;
export const TOGGLE_SORT_KEYS = ['name', 'lastSeenAt', 'type', 'createdAt'] as const;
export type ToggleSortKey = (typeof TOGGLE_SORT_KEYS)[number];

interface Sortable {
  name: string;
  type?: string;
  lastSeenAt?: string | null;
  createdAt?: string;
}

const time = (value: string | null | undefined) => (value ? Date.parse(value) : 0);

/**
 * The project's toggles sorted by `key` (names ascending, dates newest first, never-seen last), ties by name;
 * `descending` reverses the order.
 */
export function sortToggles<T extends Sortable>(toggles: T[], key: ToggleSortKey, descending = false): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  const compare: Record<ToggleSortKey, (a: T, b: T) => number> = {
    name: byName,
    type: (a, b) => (a.type ?? '').localeCompare(b.type ?? '') || byName(a, b),
    lastSeenAt: (a, b) => time(b.lastSeenAt) - time(a.lastSeenAt) || byName(a, b),
    createdAt: (a, b) => time(b.createdAt) - time(a.createdAt) || byName(a, b),
  };
  const sorted = [...toggles].sort(compare[key]);
  return descending ? sorted.reverse() : sorted;
}

/** The toggle table's stage filter: every stage, or one. */
export type StageFilter = LifecycleStage | 'all';

/** The toggles whose current lifecycle stage is `stage` (all of them for 'all'). */
export function inStage<T extends { lifecycle?: { stage: LifecycleStage } }>(toggles: T[], stage: StageFilter): T[] {
  return stage === 'all' ? toggles : toggles.filter((toggle) => toggle.lifecycle?.stage === stage);
}

/** The Health tab's choices of days without an SDK's report that make a toggle unseen (the server's default first). */
export const UNSEEN_DAYS_OPTIONS = [DEFAULT_UNSEEN_DAYS, 14, 30, 90] as const;
