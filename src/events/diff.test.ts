import { describe, expect, it } from 'vitest';
import { diffValues, eventChanges } from './diff';

describe('diffValues', () => {
  it('lists changed, added and removed leaves by path', () => {
    const before = { name: 'a', stale: false, strategies: [{ name: 'default', parameters: {} }], description: 'x' };
    const after = {
      name: 'a',
      stale: true,
      strategies: [{ name: 'default', parameters: { rollout: '50' } }],
      type: 'release',
    };
    expect(diffValues(before, after)).toEqual([
      { kind: 'changed', path: 'stale', before: false, after: true },
      { kind: 'added', path: 'strategies[0].parameters.rollout', after: '50' },
      { kind: 'added', path: 'type', after: 'release' },
      { kind: 'removed', path: 'description', before: 'x' },
    ]);
  });

  it('is empty when nothing changed', () => {
    expect(diffValues({ a: [1, 2], b: { c: null } }, { a: [1, 2], b: { c: null } })).toEqual([]);
  });
});

describe('eventChanges', () => {
  const base = { id: 1, type: 'feature-updated', createdAt: '2024-01-01T00:00:00Z', createdBy: 'admin' };

  it('compares data with preData', () => {
    expect(eventChanges({ ...base, data: { enabled: true }, preData: { enabled: false } })).toEqual([
      { kind: 'changed', path: 'enabled', before: false, after: true },
    ]);
  });

  it("reads a real Unleash server's deep-diff list when there is no preData", () => {
    const diffs = [
      { kind: 'E' as const, path: ['stale'], lhs: true, rhs: false },
      { kind: 'A' as const, path: ['strategies'], index: 1, item: { kind: 'N' as const, rhs: { name: 'default' } } },
      { kind: 'D' as const, path: ['description'], lhs: 'old' },
    ];
    expect(eventChanges({ ...base, data: {}, diffs })).toEqual([
      { kind: 'changed', path: 'stale', before: true, after: false },
      { kind: 'added', path: 'strategies[1]', after: { name: 'default' } },
      { kind: 'removed', path: 'description', before: 'old' },
    ]);
  });

  it('shows everything in data as added for a creation', () => {
    expect(eventChanges({ ...base, type: 'feature-created', data: { name: 'x', enabled: false } })).toEqual([
      { kind: 'added', path: 'name', after: 'x' },
      { kind: 'added', path: 'enabled', after: false },
    ]);
  });
});
