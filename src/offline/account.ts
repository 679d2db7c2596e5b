import type { QueryClient } from '@tanstack/react-query';
import type { ChangeOwner } from './changes';
import { databaseName } from './db-name';
import type { SignedIn } from './pending';
import type { AccountSource } from './registry';

/**
 * The outbox's signed-in account (`signedIn`) follows the session (the query `source` names): none while it is not
 * known (before sign-in, after a 401), then the one the server names. Tabs share the session cookie, so when a tab
 * learns of another account than this tab's, this tab forgets its own (nothing of it is sent with the other's
 * session) and reads the session again. Returns a function that stops following.
 */
export function followAccount(
  queryClient: QueryClient,
  base: string,
  source: AccountSource,
  signedIn: SignedIn,
): () => void {
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${databaseName(base)}:account`);
  const update = () => {
    const before = signedIn.get();
    const next = source.ownerOf(queryClient.getQueryData(source.queryKey));
    signedIn.set(next);
    if (next && next.id !== before?.id) channel?.postMessage(next.id);
  };
  if (channel) {
    channel.onmessage = (event: MessageEvent<ChangeOwner['id']>) => {
      const current = signedIn.get();
      if (!current || current.id === event.data) return;
      signedIn.set(undefined);
      void queryClient.resetQueries({ queryKey: source.queryKey });
    };
  }
  const sessionKey = JSON.stringify(source.queryKey);
  update();
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (JSON.stringify(event.query.queryKey) === sessionKey) update();
  });
  return () => {
    stop();
    channel?.close();
  };
}
