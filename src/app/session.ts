import type { QueryClient, QueryMeta } from '@tanstack/react-query';
import { AuthenticationError, NetworkError } from '../shared/api/errors';
import { createQueryClient } from '../shared/api/query-client';
import { authState } from '../auth/auth-state';
import { snackbar } from '../shared/messages/messages';
import { showToast } from '../shared/messages/toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `inlineErrors`: the screen shows this call's errors itself (forms). */
    queryMeta: { inlineErrors?: boolean };
    mutationMeta: { inlineErrors?: boolean };
  }
}

export interface Navigation {
  isOnLogin(): boolean;
  toLogin(): void;
}

/**
 * The session rules: a 401 anywhere clears the cache, stores the auth
 * details and sends the user to /login (unless already there); other fetch errors show a toast and action errors go
 * to the snackbar list, unless the unauthorised state already holds. Only the server's 401 signs the user out: a
 * read that gets no answer at all (offline) keeps the cached session and shows nothing.
 */
export function createSessionQueryClient(navigation: Navigation): QueryClient {
  function handle(error: unknown, meta: QueryMeta | undefined, report: (message: string) => void) {
    if (error instanceof AuthenticationError) {
      const wasUnauthorised = authState.get().unauthorised;
      authState.setUnauthorised(error.authDetails);
      if (!wasUnauthorised) queryClient.clear();
      if (!navigation.isOnLogin()) navigation.toLogin();
      return;
    }
    if (authState.get().unauthorised || meta?.inlineErrors) return;
    report(error instanceof Error ? error.message : String(error));
  }

  const queryClient = createQueryClient({
    // A read that gets no answer is not reported: the header says the console is offline, and the mirror answers.
    onQueryError: (error, meta) => {
      if (!(error instanceof NetworkError)) handle(error, meta, (message) => showToast(message, 'error'));
    },
    onMutationError: (error, meta) => handle(error, meta, (message) => snackbar.add(message)),
  });
  return queryClient;
}
