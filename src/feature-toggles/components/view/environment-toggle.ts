import type { QueuedChange } from '../../../offline/changes';
import { isToggleChange, type ToggleChange } from '../../offline/changes';

/** The one server refusal that opens a dialog instead of a message. */
export const NO_STRATEGIES_ERROR = 'You can not enable the environment before it has strategies';

/**
 * The queued 'turn on' of an environment of this toggle that the server refused for lack of strategies (the
 * queue keeps the server's detail with the failed change), if there is one.
 */
export function refusedForNoStrategies(
  entries: QueuedChange[],
  feature: string,
): QueuedChange<ToggleChange> | undefined {
  return entries
    .filter(isToggleChange)
    .find(
      (entry) =>
        entry.feature === feature &&
        entry.state === 'failed' &&
        entry.change.kind === 'environment' &&
        entry.change.enabled &&
        [entry.error?.message, entry.error?.detail].some((text) => text?.includes(NO_STRATEGIES_ERROR)),
    );
}
