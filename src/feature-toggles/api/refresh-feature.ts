import type { QueryClient } from '@tanstack/react-query';
import { featureKeys } from './queries';

/** After a write on a toggle: the list, the toggle (when named), the archive and the event log are read again. */
export function refreshFeature(queryClient: QueryClient, name?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: featureKeys.list() }),
    name ? queryClient.invalidateQueries({ queryKey: featureKeys.one(name) }) : undefined,
    queryClient.invalidateQueries({ queryKey: featureKeys.archive }),
    queryClient.invalidateQueries({ queryKey: ['events'] }),
  ]);
}
