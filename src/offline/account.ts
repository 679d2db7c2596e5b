import type { QueryClient } from '@tanstack/react-query';
import type { Session, User } from '../auth/user';
import type { ChangeOwner } from './changes';
import { databaseName } from './db-name';
import { signedIn } from './pending';

/** The account a queued change is recorded with: the user's id, and their name, username or email to show. */
export function ownerOf(user: User | undefined): ChangeOwner | undefined {
  const id = user?.id ?? user?.username ?? user?.email;
  if (id === undefined) return undefined;
  return { id, name: user?.name || user?.username || user?.email || String(id) };
}

/**
 * The outbox's signed-in account follows the session (GET api/admin/user in the query cache): none while it is not
 * known (before sign-in, after a 401), then the one the server names. Tabs share the session cookie, so when a tab
 * learns of another account than this tab's, this tab forgets its own (nothing of it is sent with the other's
 * session) and reads the session again. Returns a function that stops following.
 */
export function followAccount(queryClient: QueryClient, base: string): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${databaseName(base)}:account`);
  const update = () => {
    const before = signedIn.get();
    const next = ownerOf(queryClient.getQueryData<Session>(['user'])?.user);
    signedIn.set(next);
    if (next && next.id !== before?.id) channel?.postMessage(next.id);
  };
  if (channel) {
    channel.onmessage = (event: MessageEvent<ChangeOwner['id']>) => {
      const current = signedIn.get();
      if (!current || current.id === event.data) return;
      signedIn.set(undefined);
      void queryClient.resetQueries({ queryKey: ['user'] });
    };
  }
  update();
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === 'user') update();
  });
  return () => {
    stop();
    channel?.close();
  };
}
