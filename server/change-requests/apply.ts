import type { ChangeRequestChangeInput } from '../../contract/change-requests.ts';
import type { AppDeps } from '../deps.ts';
import {
  addStrategyInstance,
  removeStrategyInstance,
  reorderStrategies,
  replaceStrategy,
  setEnabledInEnvironment,
  updateStrategy,
  type ToggleWrite,
} from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';

/**
 * Makes one change of a request through the toggle commands, in the applying transaction (`tx`: each command's own
 * transaction becomes a savepoint of it), as the direct call it stands for would, past the change-request gate.
 */
export async function applyChange(
  deps: AppDeps,
  tx: Db,
  write: ToggleWrite,
  where: { project: string; environment: string },
  change: ChangeRequestChangeInput,
): Promise<void> {
  const inTx = { ...deps, db: tx };
  const path = { ...where, feature: change.feature };
  switch (change.action) {
    case 'updateEnabled':
      return setEnabledInEnvironment(inTx, write, path, change.payload.enabled);
    case 'addStrategy':
      await addStrategyInstance(inTx, write, path, change.payload);
      return;
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
