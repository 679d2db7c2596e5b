import { useToggleEnvironment } from '../../api/use-toggle-environment';
import { useOnline } from '../../../shared/api/connectivity';
import { useProductionConfirm } from './ProductionConfirm';
import { flipLabel, flipText, undoOffer, type Flip } from './flip';

/**
 * Turning a toggle on or off in an environment, wherever a switch is: in a production-type environment after one
 * confirmation (online and offline), elsewhere at once; through the offline queue; then undoable for a while (see
 * UndoBar). Render `dialog`.
 */
export function useEnvironmentFlip() {
  const { confirm, dialog } = useProductionConfirm();
  const { mutateAsync } = useToggleEnvironment();
  const online = useOnline();

  const flip = (target: Flip) =>
    void confirm(
      target.environment,
      flipLabel(target),
      async () => {
        const queued = await mutateAsync({
          project: target.project,
          name: target.feature,
          environment: target.environment.name,
          enabled: target.enabled,
        });
        undoOffer.offer(target, queued.seq);
      },
      flipText(target, online),
    );

  return { flip, dialog };
}
