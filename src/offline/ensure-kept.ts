import { onlineManager, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { offlineStarted } from './offline';

/**
 * A route loader's read of data the console keeps (mirrored or persisted): once the stored mirror is open, data at
 * hand is taken as it is (the page's query refreshes it); other data is fetched, and awaited only while the server
 * can be reached, so navigation offline never waits. A failure is left for the page to show.
 */
export async function ensureKept<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<T, Error, T, K>,
) {
  await offlineStarted();
  const read = queryClient.ensureQueryData({ ...options, staleTime: Infinity }).catch(() => undefined);
  if (onlineManager.isOnline()) await read;
}
