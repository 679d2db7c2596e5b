import type { ChangeRequestChangeInput } from '../../contract/change-requests.ts';
import type { AppDeps } from '../deps.ts';
import {
  addStrategyInstance,
  environmentStates,
  lockToggles,
  removeStrategyInstance,
  reorderStrategies,
  replaceStrategy,
  setEnabledInEnvironment,
  strategiesIn,
  updateStrategy,
  type ToggleWrite,
} from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { reverseChanges, type EnvironmentState } from './reverse.ts';
import { partsOf, type ChangeRequestRow, type RequestUpdate } from './store.ts';

/** A toggle that moved since its change was added: the version the change was made against, and the current one. */
export type Conflict = { feature: string; version: number; currentVersion: number };

/** A change to make: the action with its payload, and the toggle version it was made against. */
export type VersionedChange = ChangeRequestChangeInput & { featureVersion: number };

/**
 * Makes one change of a request through the toggle commands, in the applying transaction (`tx`: each command's own
 * transaction becomes a savepoint of it), as the direct call it stands for would, past the change-request gate. Only
 * a `reverse` (a window's end) adds a strategy under the id its payload names: the one the request deleted.
 */
async function applyChange(
  deps: AppDeps,
  tx: Db,
  write: ToggleWrite,
  where: { project: string; environment: string },
  change: ChangeRequestChangeInput,
  reverse: boolean,
): Promise<void> {
  const inTx = { ...deps, db: tx };
  const path = { ...where, feature: change.feature };
  switch (change.action) {
    case 'updateEnabled':
      return setEnabledInEnvironment(inTx, write, path, change.payload.enabled);
    case 'addStrategy': {
      const { id, ...strategy } = change.payload;
      await addStrategyInstance(inTx, write, path, strategy, reverse ? id : undefined);
      return;
    }
    case 'updateStrategy': {
      const { id, ...strategy } = change.payload;
      await updateStrategy(inTx, write, path, id, replaceStrategy(strategy));
      return;
    }
    case 'deleteStrategy':
      return removeStrategyInstance(inTx, write, path, change.payload.id);
    case 'reorderStrategy':
      return reorderStrategies(inTx, write, path, change.payload);
  }
}

/**
 * Applies the changes of a request in the caller's transaction, through the toggle rule, as pre-approved changes:
 * first the toggles are locked and each change's recorded version compared with the toggle's (a moved toggle is the
 * conflict returned, and nothing is applied), then the changes are made in their order. `reverse`: the changes are
 * the request's reverse (reverseChanges), which adds deleted strategies back under their ids.
 */
export async function applyChanges(
  deps: AppDeps,
  tx: Db,
  actor: string,
  row: ChangeRequestRow,
  changes: readonly VersionedChange[],
  reverse = false,
): Promise<Conflict | null> {
  const toggles = await lockToggles(tx, { names: [...new Set(changes.map((c) => c.feature))].sort() });
  const versions = new Map(toggles.map((toggle) => [toggle.name, toggle.version]));
  for (const change of changes) {
    const currentVersion = versions.get(change.feature)!;
    if (currentVersion !== change.featureVersion) {
      return { feature: change.feature, version: change.featureVersion, currentVersion };
    }
  }
  const where = { project: row.project, environment: row.environment };
  const write = { actor, changeRequest: row.id };
  for (const change of changes) await applyChange(deps, tx, write, where, change, reverse);
  return null;
}

/** The toggles' state in the environment (their rows locked), as the reverse of a window is derived from it. */
async function statesOf(tx: Db, names: string[], environment: string): Promise<EnvironmentState[]> {
  const enabled = await environmentStates(tx, names, environment);
  const strategies = await strategiesIn(tx, names, environment);
  return names.map((feature) => ({
    feature,
    enabled: enabled.find((state) => state.feature === feature)?.enabled ?? false,
    strategies: strategies
      .filter((strategy) => strategy.feature === feature)
      .map((s) => ({
        id: s.id,
        name: s.strategyName,
        parameters: s.parameters as Record<string, string>,
        constraints: s.constraints as EnvironmentState['strategies'][number]['constraints'],
        segments: s.segments,
        variants: s.variants as unknown[],
        sortOrder: s.sortOrder,
      })),
  }));
}

/**
 * Applies every change of the request (see applyChanges), in the order they were added. A Scheduled request with a
 * window's end (`revertAt`) also gets its reverse, derived from the toggles' state before and after and made against
 * their new versions, to be applied at that time: what the request sets is returned.
 */
export async function applyRequest(
  deps: AppDeps,
  tx: Db,
  actor: string,
  row: ChangeRequestRow,
): Promise<{ conflict: Conflict | null; update: RequestUpdate }> {
  const { changes } = await partsOf(tx, [row.id]);
  const windowEnd = row.state === 'Scheduled' ? row.revertAt : null;
  const names = [...new Set(changes.map((change) => change.feature))].sort();
  let before: EnvironmentState[] = [];
  if (windowEnd) {
    await lockToggles(tx, { names }); // first, so that no other change comes between this read and the changes
    before = await statesOf(tx, names, row.environment);
  }
  const conflict = await applyChanges(deps, tx, actor, row, changes as VersionedChange[]);
  if (conflict || !windowEnd) return { conflict, update: {} };
  const versions = new Map((await lockToggles(tx, { names })).map((toggle) => [toggle.name, toggle.version]));
  const revert = reverseChanges(before, await statesOf(tx, names, row.environment)).map((change) => ({
    ...change,
    featureVersion: versions.get(change.feature)!,
  }));
  return { conflict: null, update: { revert, dueAt: windowEnd } };
}
