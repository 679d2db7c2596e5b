import type { RequestedChange } from '../../../change-requests/api/use-request-change';
import { useRequestInstead } from '../../../change-requests/components/use-request-instead';
import { bypassText } from '../../../change-requests/messages';
import type { ChangeRoute } from '../../../change-requests/rules';
import { showToast } from '../../../shared/messages/toast';
import { isProduction, useProductionConfirm } from './ProductionConfirm';

/** A change of a toggle in one environment (a strategy added, saved, removed or reordered; on or off). */
export interface EnvironmentChange {
  project: string;
  /** Its type decides the production confirmation (none when unknown). */
  environment: { name: string; type?: string };
  /** The change as a change request holds it. */
  change: RequestedChange['change'];
  /** The change in words, as the request dialog says it: 'adding the Standard strategy to checkout'. */
  what: string;
  /** The confirmation's button: what will happen. */
  label: string;
  /** Makes the change directly. */
  make(): Promise<void>;
  /** Confirm it first in a production-type environment (default true). */
  confirmInProduction?: boolean;
}

/**
 * A change of a toggle in an environment, as the environment takes it: where it takes changes through change
 * requests, requested (the dialog adds it to the person's draft; nothing is made); by an admin who may skip them,
 * made once confirmed, the confirmation saying it is recorded as a bypass; in a production-type environment made once
 * confirmed (unless `confirmInProduction` is false); else made at once. `change` resolves to the route taken once the
 * change is made (at once: a failure of `make` rejects it) or asked about (a confirmed `make` that fails shows as a
 * toast). Render `dialog`.
 */
export function useEnvironmentChange() {
  const production = useProductionConfirm();
  const requests = useRequestInstead();

  const change = async ({
    project,
    environment,
    change,
    what,
    label,
    make,
    confirmInProduction = true,
  }: EnvironmentChange): Promise<Exclude<ChangeRoute, 'request'> | 'requested'> => {
    const route = await requests.decide({ project, environment: environment.name, change }, what);
    if (route === 'requested') return route;
    const bypass = route === 'bypass';
    if (!bypass && !(confirmInProduction && isProduction(environment))) {
      await make();
      return route;
    }
    const confirmed = () =>
      make().catch((error: unknown) => showToast(error instanceof Error ? error.message : String(error), 'error'));
    void production.confirm(environment, label, confirmed, bypass ? bypassText(environment.name) : undefined, true);
    return route;
  };

  return { change, dialog: requests.dialog ?? production.dialog };
}
