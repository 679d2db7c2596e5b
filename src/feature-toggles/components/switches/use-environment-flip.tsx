import { bypassText } from '../../../change-requests/messages';
import { useRequestInstead } from '../../../change-requests/components/use-request-instead';
import { useToggleEnvironment } from '../../api/use-toggle-environment';
import { useOnline } from '../../../shared/api/connectivity';
import { isProduction, useProductionConfirm } from './ProductionConfirm';
import { flipLabel, flipText, flipWords, undoOffer, type Flip } from './flip';

/**
 * Turning a toggle on or off in an environment, wherever a switch is: in a production-type environment after one
 * confirmation (online and offline), elsewhere at once; through the offline queue; then undoable for a while (see
 * UndoBar). Where the environment takes changes through change requests, the flip is requested instead (added to the
 * person's draft); an admin who may skip them is told first that the direct change bypasses them. Render `dialog`.
 */
export function useEnvironmentFlip() {
  const { confirm, dialog } = useProductionConfirm();
  const requests = useRequestInstead();
  const { mutateAsync } = useToggleEnvironment();
  const online = useOnline();

  const flip = async (target: Flip) => {
    const route = await requests.decide(
      {
        project: target.project,
        environment: target.environment.name,
        change: { feature: target.feature, action: 'updateEnabled', payload: { enabled: target.enabled } },
      },
      flipWords(target),
    );
    if (route === 'requested') return;
    const text = flipText(target, online);
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
      route === 'bypass'
        ? `${bypassText(target.environment.name)}${isProduction(target.environment) ? ` ${text}` : ''}`
        : text,
      route === 'bypass',
    );
  };

  return { flip: (target: Flip) => void flip(target), dialog: requests.dialog ?? dialog };
}
