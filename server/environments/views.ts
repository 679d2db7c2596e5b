import type { Environment } from '../../contract/environments.ts';
import type { EnvironmentRow } from './read-model.ts';

/** The environment as the API shows it (and events record it). */
export const environmentResponse = (e: EnvironmentRow): Environment => ({
  name: e.name,
  type: e.type,
  sortOrder: e.sortOrder,
  enabled: e.enabled,
  protected: e.protected,
});
