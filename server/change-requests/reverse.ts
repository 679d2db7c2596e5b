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
 * deleted, those it changed get their old content back, those it deleted are added again under their ids (applied as a
 * reverse, see applyChanges), every strategy gets its old place in the order, and the toggle is switched back on or
 * off. SDKs and the console then see the strategies they saw before the window.
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
    const deleted = was.strategies.filter((strategy) => !current.has(strategy.id));
    for (const strategy of deleted) {
      reverse.push({ feature, action: 'addStrategy', payload: { id: strategy.id, ...documentOf(strategy) } });
    }
    // A strategy added back comes at the end: the order is set again whenever one is, or a kept one moved.
    if (deleted.length > 0 || kept.some((strategy) => strategy.sortOrder !== old.get(strategy.id)!.sortOrder)) {
      const payload = was.strategies.map(({ id, sortOrder }) => ({ id, sortOrder }));
      reverse.push({ feature, action: 'reorderStrategy', payload });
    }
    if (now.enabled !== was.enabled) {
      reverse.push({ feature, action: 'updateEnabled', payload: { enabled: was.enabled } });
    }
  }
  return reverse;
}
