import { lazy, Suspense, useState } from 'react';
import type { RequestedChange } from '../api/use-request-change';
import type { ChangeRoute } from '../rules';
import { useChangeRoute } from '../use-change-route';

// Loaded when an environment that takes change requests is first changed (a screen's first render does without).
const RequestChangeDialog = lazy(async () => ({
  default: (await import('./RequestChangeDialog')).RequestChangeDialog,
}));

/**
 * A change of a toggle about to be made: `decide(change, what)` tells how (see `changeRoute`); where it is to be
 * requested, it opens the dialog that adds it to the person's draft ('requested'), and the caller changes nothing.
 * Render `dialog`.
 */
export function useRequestInstead() {
  const changeRoute = useChangeRoute();
  const [requested, setRequested] = useState<{ change: RequestedChange; what: string }>();

  const decide = async (
    change: RequestedChange,
    what: string,
  ): Promise<Exclude<ChangeRoute, 'request'> | 'requested'> => {
    const route = await changeRoute(change.project, change.environment);
    if (route !== 'request') return route;
    setRequested({ change, what });
    return 'requested';
  };

  const dialog = requested && (
    <Suspense>
      <RequestChangeDialog {...requested} onClose={() => setRequested(undefined)} />
    </Suspense>
  );
  return { decide, dialog };
}
