import type { ChangeOwner } from '../offline/changes';
import type { AccountSource } from '../offline/registry';
import { userQuery, type Session, type User } from './user';

/** The account a queued change is recorded with: the user's id, and their name, username or email to show. */
export function ownerOf(user: User | undefined): ChangeOwner | undefined {
  const id = user?.id ?? user?.username ?? user?.email;
  if (id === undefined) return undefined;
  return { id, name: user?.name || user?.username || user?.email || String(id) };
}

/** The offline queue's account: the one GET api/admin/user names. */
export const sessionAccount: AccountSource = {
  queryKey: userQuery.queryKey,
  ownerOf: (session) => ownerOf((session as Session | undefined)?.user),
};
