import deepDiff, { type Diff } from 'deep-diff';

export type { Diff };

/** The differences from lhs (before) to rhs (after), as the deep-diff package reports them (Unleash's `diffs`). */
export function diff(lhs: unknown, rhs: unknown): Diff<unknown>[] {
  return deepDiff.diff(lhs, rhs) ?? [];
}
