/** Health rating thresholds (part 2 sections 4 and 9): under 50 danger, under 75 warning. */
export const HEALTH_DANGER_BELOW = 50;
export const HEALTH_WARNING_BELOW = 75;

export type HealthLevel = 'danger' | 'warning' | 'healthy';

export function healthLevel(health: number): HealthLevel {
  if (health < HEALTH_DANGER_BELOW) return 'danger';
  if (health < HEALTH_WARNING_BELOW) return 'warning';
  return 'healthy';
}

/** The colour a health rating is drawn in (text on a light badge, readable in both schemes). */
export const HEALTH_COLOR: Record<HealthLevel, string> = { danger: 'red', warning: 'orange', healthy: 'green' };

/** Project toggle table (part 2 section 9): 50 rows a page, sortable by these keys, by name at first. */
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
