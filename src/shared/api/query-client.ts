import { MutationCache, QueryCache, QueryClient, type QueryMeta } from '@tanstack/react-query';
import { statusOf } from './errors';

export const RETRY_DELAY_MS = 5000;
const MAX_RETRIES = 3;

/** Global data fetching retries only for statuses above 498, after 5000 ms. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status > 498 && failureCount < MAX_RETRIES;
}

/** The persisted query cache (the session with its permissions among it) is used for up to 30 days offline. */
export const QUERY_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

export interface ErrorHandlers {
  onQueryError(error: unknown, meta: QueryMeta | undefined): void;
  onMutationError(error: unknown, meta: QueryMeta | undefined): void;
}

export function createQueryClient(handlers: ErrorHandlers): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handlers.onQueryError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handlers.onMutationError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
        // Kept while the page lives, used or not: a restored answer dropped after react-query's five idle minutes
        // would take its stored copy with it, and the screen would have nothing offline.
        gcTime: Infinity,
      },
      // Reads pause while the server cannot be reached (the mirror and the persisted cache answer); actions are
      // tried at once, so one made offline fails with a clear message instead of waiting unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
