import { lazy, Suspense, useState } from 'react';
import { bypassText } from '../../../change-requests/messages';
import { useChangeRoute } from '../../../change-requests/use-change-route';
import { useToggleEnvironment } from '../../api/use-toggle-environment';
import { useOnline } from '../../../shared/api/connectivity';
import { isProduction, useProductionConfirm } from './ProductionConfirm';
import { flipLabel, flipText, flipWords, undoOffer, type Flip } from './flip';

// Loaded when an environment that takes change requests is first flipped (the list's first screen does without).
const RequestChangeDialog = lazy(async () => ({
  default: (await import('../../../change-requests/components/RequestChangeDialog')).RequestChangeDialog,
}));

/**
 * Turning a toggle on or off in an environment, wherever a switch is: in a production-type environment after one
 * confirmation (online and offline), elsewhere at once; through the offline queue; then undoable for a while (see
 * UndoBar). Where the environment takes changes through change requests, the flip is requested instead (added to the
 * person's draft); an admin who may skip them is told first that the direct change bypasses them. Render `dialog`.
 */
export function useEnvironmentFlip() {
  const { confirm, dialog } = useProductionConfirm();
  const { mutateAsync } = useToggleEnvironment();
  const changeRoute = useChangeRoute();
  const online = useOnline();
  const [requested, setRequested] = useState<Flip>();

  const flip = async (target: Flip) => {
    const route = await changeRoute(target.project, target.environment.name);
    if (route === 'request') return setRequested(target);
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

  return {
    flip: (target: Flip) => void flip(target),
    dialog: requested ? (
      <Suspense>
        <RequestChangeDialog
          change={{
            project: requested.project,
            environment: requested.environment.name,
            change: { feature: requested.feature, action: 'updateEnabled', payload: { enabled: requested.enabled } },
          }}
          what={flipWords(requested)}
          onClose={() => setRequested(undefined)}
        />
      </Suspense>
    ) : (
      dialog
    ),
  };
}
