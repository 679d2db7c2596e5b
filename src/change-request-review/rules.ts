import type { ChangeRequest } from '../../contract/change-requests';
import { STRATEGY_NAMES } from '../strategies/definitions';

type Change = ChangeRequest['changes'][number];

/** A change in words, as the request page heads it. */
export function changeWords({ feature, action, payload }: Change): string {
  const { enabled, name } = (payload ?? {}) as { enabled?: boolean; name?: string };
  switch (action) {
    case 'updateEnabled':
      return `Turn ${feature} ${enabled ? 'on' : 'off'}`;
    case 'addStrategy':
      return `Add a ${(name && STRATEGY_NAMES[name]) ?? name} strategy to ${feature}`;
    case 'updateStrategy':
      return `Change a strategy of ${feature}`;
    case 'deleteStrategy':
      return `Remove a strategy of ${feature}`;
    default:
      return `Reorder the strategies of ${feature}`;
  }
}
