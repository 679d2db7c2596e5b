import { asc, eq, inArray, or } from 'drizzle-orm';
import type { PermissionEntry } from '../../contract/permissions.ts';
import type { CurrentUser } from '../../contract/users.ts';
import type { AppDeps } from '../deps.ts';
import type { Caller } from '../platform/access/caller.ts';
import { ADMIN_ROLE } from '../platform/access/roles.ts';
import type { Db } from '../platform/db/client.ts';
import { users } from './schema.ts';
import { listFeedback, listSplash, type UserRow } from './store.ts';
import { apiUserView, feedbackView, userView } from './views.ts';

/** Finds a user by username or e-mail (e-mails are stored lower case). */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, login), eq(users.email, login.toLowerCase())))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

/** The users of those ids that exist, by name (then id). */
export async function usersByIds(db: Db, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.name), asc(users.id));
}

/** The first admin: with AUTH_TYPE=none every request acts as this user. */
export async function firstAdmin(db: Db): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.rootRole, ADMIN_ROLE)).orderBy(asc(users.id)).limit(1);
  return row;
}

/** GET api/admin/user: the caller, their permissions, feedback and splash state. */
export async function currentUser(deps: AppDeps, caller: Caller, permissions: PermissionEntry[]): Promise<CurrentUser> {
  if (caller.kind === 'token') return { user: apiUserView(caller.token), permissions, feedback: [], splash: {} };
  const [feedback, splash] = await Promise.all([
    listFeedback(deps.db, caller.user.id),
    listSplash(deps.db, caller.user.id),
  ]);
  return {
    user: userView(caller.user),
    permissions,
    feedback: feedback.map(feedbackView),
    splash: { environment: false, ...splash },
  };
}
