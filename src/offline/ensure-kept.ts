import { onlineManager, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OfflineEngine } from './engine';

/**
 * A route loader's read (with the router's context) of data the console keeps (mirrored or persisted): once the
 * stored mirror is open, data at hand is taken as it is (the page's query refreshes it); other data is fetched, and
 * awaited only while the server can be reached, so navigation offline never waits. A failure is left for the page.
 */
export async function ensureKept<T, K extends QueryKey>(
  { queryClient, offline }: { queryClient: QueryClient; offline: Pick<OfflineEngine, 'started'> },
  options: EnsureQueryDataOptions<T, Error, T, K>,
) {
  await offline.started();
  const read = queryClient.ensureQueryData({ ...options, staleTime: Infinity }).catch(() => undefined);
  if (onlineManager.isOnline()) await read;
}
