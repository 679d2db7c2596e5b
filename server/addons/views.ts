import type { Addon } from '../../contract/addons.ts';
import { SECRET_MASK } from '../../contract/sso.ts';
import { findProvider } from './providers.ts';
import type { AddonRow } from '../platform/events/outbox.ts';

/** The addon as the API answers it (and as audit events hold it): every sensitive parameter is '*****'. */
export function addonView(row: AddonRow): Addon {
  const sensitive = new Set(
    findProvider(row.provider)
      ?.parameters.filter((p) => p.sensitive)
      .map((p) => p.name),
  );
  return {
    id: row.id,
    provider: row.provider,
    description: row.description ?? '',
    enabled: row.enabled,
    parameters: Object.fromEntries(
      Object.entries(row.parameters).map(([name, value]) => [name, sensitive.has(name) ? SECRET_MASK : value]),
    ),
    events: row.events,
    createdAt: row.createdAt.toISOString(),
  };
}
