import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { sessions, users } from './schema.ts';
import { hashToken, newToken } from './secrets.ts';
import { markSeen, type UserRow } from './store.ts';

export const SESSION_MS = 48 * 60 * 60 * 1000;

/**
 * How a session was signed in, when a single sign-on provider did it: the provider, and the OpenID provider's ID
 * token (a secret: sent back only to that provider, as `id_token_hint` when the user signs out).
 */
export interface SessionOrigin {
  provider: string;
  idToken?: string;
}

/** Starts a session for a user who just signed in; returns the cookie token. */
export async function startSession(db: Db, user: UserRow, origin?: SessionOrigin): Promise<string> {
  const token = newToken();
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_MS),
    provider: origin?.provider ?? null,
    idToken: origin?.idToken ?? null,
  });
  await markSeen(db, user.id);
  return token;
}

/** The user of a live session. */
export async function sessionUser(db: Db, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row?.user;
}

/** Ends a session; answers how it was signed in (undefined when there was no such session). */
export async function endSession(db: Db, token: string): Promise<SessionOrigin | undefined> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ provider: sessions.provider, idToken: sessions.idToken });
  if (!ended?.provider) return undefined;
  return { provider: ended.provider, idToken: ended.idToken ?? undefined };
}

/**
 * Ends the sessions of a user: all of them (an admin set their password, or deleted them), or all but the one
 * `keep` carries (they changed their own password in it).
 */
export async function endUserSessions(db: Db, userId: number, keep?: string): Promise<void> {
  const others = keep === undefined ? undefined : ne(sessions.tokenHash, hashToken(keep));
  await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
}
