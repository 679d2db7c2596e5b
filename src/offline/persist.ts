import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { removeOldestQuery } from '@tanstack/react-query-persist-client';
import { QUERY_CACHE_MAX_AGE_MS } from '../shared/api/query-client';

export const queryCacheKey = (base: string) => `switchyard${base}:query-cache`;

/**
 * Persists the query cache in localStorage with the sync-storage persister, except what the IndexedDB mirror holds
 * (`isMirrored`: toggles and reference data). It is restored before the first render, so the cached session keeps the
 * console usable offline; what it restores is marked stale, so the screens read it again from the server when they can.
 * Returns a function that stops persisting and forgets what was stored (signing out).
 *
 * (This is persistQueryClient's restore-and-subscribe, written against react-query's own hydrate and dehydrate: the
 * persist-client package pins an older query-core, whose QueryClient type is not react-query's.)
 */
export function persistQueryCache(
  queryClient: QueryClient,
  base: string,
  isMirrored: (queryKey: QueryKey) => boolean,
): () => void {
  const persister = createSyncStoragePersister({
    storage: window.localStorage,
    key: queryCacheKey(base),
    retry: removeOldestQuery,
  });
  try {
    const saved = persister.restoreClient() as ReturnType<typeof save> | undefined;
    if (saved && Date.now() - saved.timestamp <= QUERY_CACHE_MAX_AGE_MS) {
      hydrate(queryClient, saved.clientState);
      // A restored answer stands in until the server's: a screen that shows it asks again, however recent it is.
      const restored = new Set(saved.clientState.queries.map((query) => query.queryHash));
      void queryClient.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
    } else if (saved) persister.removeClient();
  } catch {
    persister.removeClient();
  }
  function save() {
    return {
      buster: '',
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.state.status === 'success' && !isMirrored(query.queryKey),
      }),
    };
  }
  const stop = queryClient.getQueryCache().subscribe((event) => {
    const dataChanged = event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success');
    if (dataChanged) void persister.persistClient(save());
  });
  return () => {
    stop();
    void persister.removeClient();
  };
}
