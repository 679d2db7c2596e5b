import { stableJson } from '../../../offline/changes';
import type { StrategyInstance } from '../../../strategies/strategy-instance';

/** One line of the comparison: a strategy in both environments (the same, or by name with other settings), or one. */
export interface CompareRow {
  kind: 'same' | 'differs' | 'left-only' | 'right-only';
  left?: StrategyInstance;
  right?: StrategyInstance;
}

/** A strategy by what it does: ids and sort order are the server's bookkeeping. */
const contentOf = (s: StrategyInstance) =>
  stableJson({
    name: s.name,
    parameters: s.parameters ?? {},
    constraints: s.constraints ?? [],
    segments: s.segments ?? [],
    variants: s.variants ?? [],
  });

/**
 * What differs between two environments' strategies, in the left's order then the right's leftovers: identical
 * strategies pair up first, then those left pair by name (the same strategy with other settings), the rest stand alone.
 */
export function compareStrategies(left: StrategyInstance[], right: StrategyInstance[]): CompareRow[] {
  const unmatched = [...right];
  const take = (match: (s: StrategyInstance) => boolean) => {
    const index = unmatched.findIndex(match);
    return index < 0 ? undefined : unmatched.splice(index, 1)[0];
  };
  const rows: (CompareRow & { pending?: true })[] = left.map((s) => {
    const same = take((r) => contentOf(r) === contentOf(s));
    return same ? { kind: 'same', left: s, right: same } : { kind: 'left-only', left: s, pending: true };
  });
  for (const row of rows) {
    if (!row.pending) continue;
    delete row.pending;
    const byName = take((r) => r.name === row.left!.name);
    if (byName) Object.assign(row, { kind: 'differs', right: byName });
  }
  return [...rows, ...unmatched.map((s) => ({ kind: 'right-only' as const, right: s }))];
}

/** A strategy's settings in words: its parameters, then its constraints, segments and variants. */
export function settingsOf(s: StrategyInstance): string[] {
  return [
    ...Object.entries(s.parameters ?? {})
      .filter(([, value]) => value !== '')
      .map(([key, value]) => `${key}: ${value}`),
    ...(s.constraints ?? []).map((c) =>
      `${c.contextName} ${c.inverted ? 'NOT ' : ''}${c.operator} ${c.values?.join(', ') ?? c.value ?? ''}`.trim(),
    ),
    ...(s.segments?.length ? [`segments: ${s.segments.join(', ')}`] : []),
    ...(s.variants?.length ? [`variants: ${s.variants.map((v) => v.name).join(', ')}`] : []),
  ];
}
