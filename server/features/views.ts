// Shaping helpers every part of features/ uses.

/** Rows by a key: one pass, for lists of thousands. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Rows of many toggles (environments, strategies) by toggle. */
export const groupByFeature = <T extends { feature: string }>(rows: T[]) => groupBy(rows, (row) => row.feature);
