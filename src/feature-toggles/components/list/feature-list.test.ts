import { describe, expect, it } from 'vitest';
import { filterFeatures, indexFeatures, lastSeen, sortFeatures, truncate, type SortKey } from './feature-list';
import type { FeatureToggle } from '../../types';

const features: FeatureToggle[] = [
  {
    name: 'Checkout.new',
    description: 'New checkout flow',
    type: 'release',
    project: 'web',
    enabled: true,
    stale: false,
    createdAt: '2024-01-02T00:00:00Z',
    lastSeenAt: '2024-03-01T00:00:00Z',
  },
  {
    name: 'beta-search',
    description: null,
    type: 'experiment',
    project: 'default',
    enabled: false,
    stale: true,
    createdAt: '2024-01-03T00:00:00Z',
    lastSeenAt: null,
  },
  {
    name: 'alpha',
    description: 'Kill CHECKOUT quickly',
    type: 'kill-switch',
    project: 'default',
    enabled: true,
    stale: false,
    createdAt: '2024-01-01T00:00:00Z',
    lastSeenAt: '2024-03-02T00:00:00Z',
  },
];
const indexed = indexFeatures(features);
const names = (items: ReturnType<typeof indexFeatures>) => items.map((i) => i.feature.name);

describe('filterFeatures', () => {
  it('matches name and description case-insensitively', () => {
    expect(names(filterFeatures(indexed, 'checkout'))).toEqual(['Checkout.new', 'alpha']);
    expect(names(filterFeatures(indexed, 'BETA'))).toEqual(['beta-search']);
  });

  it('treats the search as a pattern', () => {
    expect(names(filterFeatures(indexed, '^(alpha|beta)'))).toEqual(['beta-search', 'alpha']);
    expect(names(filterFeatures(indexed, 'new$'))).toEqual(['Checkout.new']);
  });

  it('ignores an invalid pattern', () => {
    expect(names(filterFeatures(indexed, '(unclosed'))).toHaveLength(3);
    expect(names(filterFeatures(indexed, '  '))).toHaveLength(3);
  });

  it('filters by project unless all projects (*) are chosen', () => {
    expect(names(filterFeatures(indexed, '', 'default'))).toEqual(['beta-search', 'alpha']);
    expect(names(filterFeatures(indexed, 'checkout', 'web'))).toEqual(['Checkout.new']);
    expect(names(filterFeatures(indexed, '', '*'))).toHaveLength(3);
  });
});

describe('sortFeatures', () => {
  const cases: [SortKey, string[]][] = [
    ['name', ['alpha', 'beta-search', 'Checkout.new']],
    ['type', ['beta-search', 'alpha', 'Checkout.new']],
    ['enabled', ['alpha', 'Checkout.new', 'beta-search']],
    ['stale', ['beta-search', 'alpha', 'Checkout.new']],
    ['created', ['beta-search', 'Checkout.new', 'alpha']],
    ['lastSeen', ['alpha', 'Checkout.new', 'beta-search']],
    ['project', ['alpha', 'beta-search', 'Checkout.new']],
  ];
  it.each(cases)('by %s', (sort, expected) => {
    expect(names(sortFeatures(indexed, sort))).toEqual(expected);
  });

  it('by metrics: most used first, then the last minute when the hour has none, unused last', () => {
    const metrics = { lastHour: { alpha: { yes: 1, no: 1 } }, lastMinute: { 'beta-search': { yes: 5, no: 0 } } };
    expect(names(sortFeatures(indexed, 'metrics', metrics))).toEqual(['beta-search', 'alpha', 'Checkout.new']);
  });

  it('does not change its input', () => {
    const before = names(indexed);
    sortFeatures(indexed, 'created');
    expect(names(indexed)).toEqual(before);
  });

  it("puts the user's pinned toggles first, each group in the chosen order", () => {
    const pinned = indexFeatures(features.map((f) => ({ ...f, favorite: f.name !== 'alpha' })));
    expect(names(sortFeatures(pinned, 'name'))).toEqual(['beta-search', 'Checkout.new', 'alpha']);
    expect(names(sortFeatures(pinned, 'created'))).toEqual(['beta-search', 'Checkout.new', 'alpha']);
    expect(names(sortFeatures(pinned, 'enabled'))).toEqual(['Checkout.new', 'beta-search', 'alpha']);
    expect(names(filterFeatures(pinned, '', '*', true))).toEqual(['Checkout.new', 'beta-search']);
    expect(names(filterFeatures(pinned, 'checkout', '*', true))).toEqual(['Checkout.new']);
  });
});

describe('lastSeen', () => {
  const now = Date.parse('2024-06-01T00:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it('colours recent units green, a week yellow, months and years red', () => {
    expect(lastSeen(ago(5), now)).toMatchObject({ unit: 'second', color: 'green', text: '5 seconds ago' });
    expect(lastSeen(ago(60), now)).toMatchObject({ unit: 'minute', color: 'green', text: '1 minute ago' });
    expect(lastSeen(ago(3 * 3600), now)).toMatchObject({ unit: 'hour', color: 'green' });
    expect(lastSeen(ago(2 * 86400), now)).toMatchObject({ unit: 'day', color: 'green', text: '2 days ago' });
    expect(lastSeen(ago(8 * 86400), now)).toMatchObject({ unit: 'week', color: 'yellow' });
    expect(lastSeen(ago(40 * 86400), now)).toMatchObject({ unit: 'month', color: 'red' });
    expect(lastSeen(ago(400 * 86400), now)).toMatchObject({ unit: 'year', color: 'red' });
  });
  it('is undefined for a toggle never seen', () => {
    expect(lastSeen(null, now)).toBeUndefined();
  });
});

describe('truncate', () => {
  it('cuts to the limit with an ellipsis', () => {
    expect(truncate('a'.repeat(51), 50)).toHaveLength(50);
    expect(truncate('a'.repeat(51), 50).endsWith('…')).toBe(true);
    expect(truncate('short', 50)).toBe('short');
    expect(truncate(null, 60)).toBe('');
  });
});
