import { describe, expect, it } from 'vitest';
import { diff } from './diff.ts';

describe('diff', () => {
  it('reports edited, new, deleted and array changes like deep-diff', () => {
    expect(diff({ stale: true, a: 1, list: [1] }, { stale: false, b: 2, list: [1, 2] })).toEqual([
      { kind: 'E', path: ['stale'], lhs: true, rhs: false },
      { kind: 'D', path: ['a'], lhs: 1 },
      { kind: 'A', path: ['list'], index: 1, item: { kind: 'N', rhs: 2 } },
      { kind: 'N', path: ['b'], rhs: 2 },
    ]);
    expect(diff({ s: [{ p: { x: '1' } }] }, { s: [{ p: { x: '2' } }] })).toEqual([
      { kind: 'E', path: ['s', 0, 'p', 'x'], lhs: '1', rhs: '2' },
    ]);
    expect(diff({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
