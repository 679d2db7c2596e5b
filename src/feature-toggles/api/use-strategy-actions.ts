import { useMemo } from 'react';
import { newTmpId } from '../../offline/changes';
import { useOfflineEngine } from '../../offline/context';
import type { OfflineEngine } from '../../offline/engine';
import type { QueuedStrategy, ToggleChange } from '../offline/changes';
import type { StrategyInstance } from '../../strategies/strategy-instance';

/** Which toggle environment a strategy edit is for. */
export interface StrategyTarget {
  project: string;
  feature: string;
  environment: string;
}

/**
 * What the queue carries of a strategy: its id, name, parameters, constraints, and its segments and variants when it
 * has them (the server keeps the order).
 */
const queued = (strategy: StrategyInstance, id: string): QueuedStrategy => ({
  id,
  name: strategy.name,
  parameters: strategy.parameters ?? {},
  constraints: strategy.constraints ?? [],
  ...(strategy.segments && { segments: strategy.segments }),
  ...(strategy.variants && { variants: strategy.variants }),
});

function requireId(strategy: StrategyInstance): string {
  if (!strategy.id) throw new Error(`The strategy ${strategy.name} has no id`);
  return strategy.id;
}

/**
 * Strategy edits (strategy instances per environment), every one through the offline queue: each
 * resolves once the change is in the outbox and shown (not when the server has answered; the queue reports that).
 * A strategy added here gets a temporary id `tmp-<uuid>` until its add replays; later edits may use it.
 */
export const strategyActions = (offline: OfflineEngine) => ({
  /** Resolves with the strategy as queued (with its temporary id). */
  async add({
    project,
    feature,
    environment,
    strategy,
  }: StrategyTarget & { strategy: StrategyInstance }): Promise<QueuedStrategy> {
    const added = queued(strategy, newTmpId());
    await offline.queueChange<ToggleChange>(feature, { kind: 'strategy-add', environment, strategy: added }, project);
    return added;
  },
  async update({
    project,
    feature,
    environment,
    strategy,
  }: StrategyTarget & { strategy: StrategyInstance }): Promise<void> {
    await offline.queueChange<ToggleChange>(
      feature,
      { kind: 'strategy-update', environment, strategy: queued(strategy, requireId(strategy)) },
      project,
    );
  },
  async remove({ project, feature, environment, strategyId }: StrategyTarget & { strategyId: string }): Promise<void> {
    await offline.queueChange<ToggleChange>(feature, { kind: 'strategy-remove', environment, strategyId }, project);
  },
  /** `ids`: every strategy of the environment, in the new order. */
  async reorder({ project, feature, environment, ids }: StrategyTarget & { ids: string[] }): Promise<void> {
    await offline.queueChange<ToggleChange>(feature, { kind: 'strategy-order', environment, ids }, project);
  },
});

export function useStrategyActions() {
  const offline = useOfflineEngine();
  return useMemo(() => strategyActions(offline), [offline]);
}
