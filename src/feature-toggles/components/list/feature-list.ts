import { ALL_PROJECTS } from '../../api/queries';
import type { FeatureToggle, ToggleMetrics } from '../../types';

/** Sort options of the feature list, name first (the default). */
export const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'stale', label: 'Stale' },
  { value: 'created', label: 'Created' },
  { value: 'lastSeen', label: 'Last seen' },
  { value: 'project', label: 'Project' },
  { value: 'metrics', label: 'Metrics' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['value'];

export const NAME_MAX_LENGTH = 50;
export const DESCRIPTION_MAX_LENGTH = 60;

export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A toggle with what filtering and sorting need, computed once per list. */
export interface IndexedFeature {
  feature: FeatureToggle;
  lowerName: string;
  lowerDescription: string;
  created: number;
  lastSeen: number;
}

function time(value: string | null | undefined): number {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}

export function indexFeatures(features: FeatureToggle[]): IndexedFeature[] {
  return features.map((feature) => ({
    feature,
    lowerName: feature.name.toLowerCase(),
    lowerDescription: (feature.description ?? '').toLowerCase(),
    created: time(feature.createdAt),
    lastSeen: time(feature.lastSeenAt),
  }));
}

const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|]/;

/**
 * The search: a case-insensitive pattern over name and description. Plain text is a substring test on the
 * precomputed lower-case strings; a pattern is a RegExp; an invalid pattern is ignored (everything matches).
 */
export function matcher(query: string): (item: IndexedFeature) => boolean {
  const q = query.trim();
  if (!q) return () => true;
  if (!REGEX_SYNTAX.test(q)) {
    const lower = q.toLowerCase();
    return (item) => item.lowerName.includes(lower) || item.lowerDescription.includes(lower);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(q, 'i');
  } catch {
    return () => true;
  }
  return (item) => regex.test(item.feature.name) || regex.test(item.feature.description ?? '');
}

/** The toggles that match the search, in the project (all by default), and only the pinned ones if asked. */
export function filterFeatures(
  items: IndexedFeature[],
  query: string,
  project: string = ALL_PROJECTS,
  pinnedOnly = false,
): IndexedFeature[] {
  const matches = matcher(query);
  const inProject = (item: IndexedFeature) => project === ALL_PROJECTS || item.feature.project === project;
  return items.filter((item) => inProject(item) && (!pinnedOnly || !!item.feature.favorite) && matches(item));
}

const byName = (a: IndexedFeature, b: IndexedFeature) =>
  a.lowerName < b.lowerName ? -1 : a.lowerName > b.lowerName ? 1 : 0;
const text = (a: string | undefined, b: string | undefined) => (a ?? '').localeCompare(b ?? '');

/** Usage of a toggle for the metrics sort: the last hour's count, or the last minute's when the hour has none. */
export function usage(metrics: ToggleMetrics | undefined, name: string): number {
  const counts = metrics?.lastHour?.[name] ?? metrics?.lastMinute?.[name];
  return counts ? counts.yes + counts.no : -1;
}

/**
 * Sorted copy: the signed-in user's pinned toggles first, each group by `sort`, ties by name. Newest, most recently
 * seen, enabled, stale and most used come first.
 */
export function sortFeatures(items: IndexedFeature[], sort: SortKey, metrics?: ToggleMetrics): IndexedFeature[] {
  const compare: Record<SortKey, (a: IndexedFeature, b: IndexedFeature) => number> = {
    name: () => 0,
    type: (a, b) => text(a.feature.type, b.feature.type),
    enabled: (a, b) => Number(!!b.feature.enabled) - Number(!!a.feature.enabled),
    stale: (a, b) => Number(!!b.feature.stale) - Number(!!a.feature.stale),
    created: (a, b) => b.created - a.created || 0,
    lastSeen: (a, b) => (a.lastSeen === b.lastSeen ? 0 : b.lastSeen > a.lastSeen ? 1 : -1),
    project: (a, b) => text(a.feature.project, b.feature.project),
    metrics: (a, b) => usage(metrics, b.feature.name) - usage(metrics, a.feature.name),
  };
  const primary = compare[sort];
  const pinned = (a: IndexedFeature, b: IndexedFeature) => Number(!!b.feature.favorite) - Number(!!a.feature.favorite);
  return [...items].sort((a, b) => pinned(a, b) || primary(a, b) || byName(a, b));
}

/** Last-seen badge: second, minute, hour, day green; week yellow; month and year red. */
export type SeenUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const UNITS: [SeenUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

export function lastSeen(lastSeenAt: string | null | undefined, now: number = Date.now()) {
  const at = time(lastSeenAt);
  if (at === -Infinity) return undefined;
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['second', 1];
  const count = Math.max(1, Math.floor(seconds / size));
  const color = unit === 'week' ? 'yellow' : unit === 'month' || unit === 'year' ? 'red' : 'green';
  return { unit, count, color, text: `${count} ${unit}${count === 1 ? '' : 's'} ago` };
}

/**
 * /features?pinned=true: the pinned toggles only; ?project=: one project's (breadcrumbs link there); ?focus=search:
 * the cursor in the search box (the app's shortcuts).
 */
export interface FeatureListSearch {
  pinned?: boolean;
  project?: string;
  focus?: 'search';
}
