import { isDeepStrictEqual } from 'node:util';
import type { ChangeRequestChangeInput } from '../../contract/change-requests.ts';

type StrategyBody = Extract<ChangeRequestChangeInput, { action: 'addStrategy' }>['payload'];
type Strategy = Required<Pick<StrategyBody, 'name' | 'parameters' | 'constraints' | 'segments' | 'variants'>> & {
  id: string;
  sortOrder: number;
};

/** A toggle's state in one environment, as far as a change request changes it. */
export interface EnvironmentState {
  feature: string;
  enabled: boolean;
  strategies: readonly Strategy[];
}

/** What a strategy's PUT sets: everything but its id and its place in the order. */
const documentOf = ({ name, parameters, constraints, segments, variants }: Strategy) => ({
  name,
  parameters,
  constraints,
  segments,
  variants,
});

/**
 * The changes that take each toggle from `after` back to `before` (a window's end): strategies the request added are
 * deleted, those it changed get their old content and order back, those it deleted are added again (at the end, under
 * a new id), and the toggle is switched back on or off.
 */
export function reverseChanges(
  before: readonly EnvironmentState[],
  after: readonly EnvironmentState[],
): ChangeRequestChangeInput[] {
  const reverse: ChangeRequestChangeInput[] = [];
  for (const was of before) {
    const now = after.find((state) => state.feature === was.feature);
    if (!now) continue;
    const feature = was.feature;
    const old = new Map(was.strategies.map((strategy) => [strategy.id, strategy]));
    const current = new Set(now.strategies.map((strategy) => strategy.id));
    const kept = now.strategies.filter((strategy) => old.has(strategy.id));
    for (const { id } of now.strategies) {
      if (!old.has(id)) reverse.push({ feature, action: 'deleteStrategy', payload: { id } });
    }
    for (const strategy of kept) {
      const document = documentOf(old.get(strategy.id)!);
      if (!isDeepStrictEqual(document, documentOf(strategy))) {
        reverse.push({ feature, action: 'updateStrategy', payload: { id: strategy.id, ...document } });
      }
    }
    if (kept.some((strategy) => strategy.sortOrder !== old.get(strategy.id)!.sortOrder)) {
      const payload = kept.map(({ id }) => ({ id, sortOrder: old.get(id)!.sortOrder }));
      reverse.push({ feature, action: 'reorderStrategy', payload });
    }
    for (const strategy of was.strategies) {
      if (!current.has(strategy.id)) reverse.push({ feature, action: 'addStrategy', payload: documentOf(strategy) });
    }
    if (now.enabled !== was.enabled) {
      reverse.push({ feature, action: 'updateEnabled', payload: { enabled: was.enabled } });
    }
  }
  return reverse;
}
