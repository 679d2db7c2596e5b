import { and, asc, count, eq, gt, gte, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { resetTokens, userFeedback, users, userSplash } from './schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type FeedbackRow = typeof userFeedback.$inferSelect;

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Every user by id, with the token of their open invitation: unused, unexpired, and the user still has no password
 * (null otherwise). One join: a user has at most one invitation, made with the account.
 */
export function listUsersWithInvitations(db: Db): Promise<Array<{ user: UserRow; inviteToken: string | null }>> {
  return db
    .select({ user: users, inviteToken: resetTokens.inviteToken })
    .from(users)
    .leftJoin(
      resetTokens,
      and(
        eq(resetTokens.userId, users.id),
        isNull(users.passwordHash),
        isNotNull(resetTokens.inviteToken),
        isNull(resetTokens.usedAt),
        gt(resetTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(users.id));
}

/** The most matches a user search answers. */
export const SEARCH_LIMIT = 25;

/** Users whose name, user name or e-mail contain `q` (case-insensitive; `%` and `_` match themselves), by name. */
export function searchUsers(db: Db, q: string): Promise<UserRow[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(SEARCH_LIMIT);
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

export async function updateUser(db: Db, id: number, changes: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function markSeen(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ seenAt: sql`now()` })
    .where(eq(users.id, id));
}

export function listFeedback(db: Db, userId: number): Promise<FeedbackRow[]> {
  return db.select().from(userFeedback).where(eq(userFeedback.userId, userId)).orderBy(asc(userFeedback.feedbackId));
}

export async function upsertFeedback(
  db: Db,
  userId: number,
  feedbackId: string,
  neverShow: boolean | undefined,
): Promise<FeedbackRow> {
  const [row] = await db
    .insert(userFeedback)
    .values({ userId, feedbackId, given: new Date(), neverShow: neverShow ?? false })
    .onConflictDoUpdate({
      target: [userFeedback.userId, userFeedback.feedbackId],
      set: { given: new Date(), ...(neverShow === undefined ? {} : { neverShow }) },
    })
    .returning();
  return row;
}

export async function listSplash(db: Db, userId: number): Promise<Record<string, boolean>> {
  const rows = await db.select().from(userSplash).where(eq(userSplash.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.splashId, r.seen]));
}

export async function markSplashSeen(db: Db, userId: number, splashId: string): Promise<void> {
  await db
    .insert(userSplash)
    .values({ userId, splashId, seen: true })
    .onConflictDoUpdate({ target: [userSplash.userId, userSplash.splashId], set: { seen: true } });
}

export async function emailOrUsernameTaken(db: Db, email: string | null, username: string | null, exceptId?: number) {
  const clauses = [];
  if (email) clauses.push(eq(users.email, email));
  if (username) clauses.push(eq(users.username, username));
  if (clauses.length === 0) return false;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(...clauses));
  return rows.some((r) => r.id !== exceptId);
}

/** The ids of every Admin, locked until the transaction ends (so two demotions cannot both leave none). */
export async function lockAdminIds(db: Db, adminRole: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.rootRole, adminRole)).for('update');
  return rows.map((r) => r.id);
}

const usable = (tokenHash: string) =>
  and(eq(resetTokens.tokenHash, tokenHash), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, sql`now()`));

/**
 * Stores a new token (its hash, and an invitation's token); the user's earlier unused tokens expire now, so only the
 * newest link works, and an invitation's token is no longer kept.
 */
export async function insertResetToken(db: Db, token: typeof resetTokens.$inferInsert): Promise<void> {
  await db
    .update(resetTokens)
    .set({ expiresAt: sql`now()`, inviteToken: null })
    .where(
      and(eq(resetTokens.userId, token.userId), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, sql`now()`)),
    );
  await db.insert(resetTokens).values(token);
}

/** The user of a token that is neither used nor expired, with who created the token. */
export async function findTokenUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ user: users, createdBy: resetTokens.createdBy })
    .from(resetTokens)
    .innerJoin(users, eq(users.id, resetTokens.userId))
    .where(usable(tokenHash));
  return row;
}

/**
 * Marks a usable token used, atomically (a second use finds none); with it every other unused token of the user. A
 * used invitation's token is no longer kept.
 */
export async function useResetToken(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(resetTokens)
    .set({ usedAt: sql`now()`, inviteToken: null })
    .where(usable(tokenHash))
    .returning({ userId: resetTokens.userId });
  if (!row) return undefined;
  await db
    .update(resetTokens)
    .set({ usedAt: sql`now()`, inviteToken: null })
    .where(and(eq(resetTokens.userId, row.userId), isNull(resetTokens.usedAt)));
  return row.userId;
}

/** Keeps no invitation token of the user any longer (their links still work, checked by hash). */
export async function forgetInviteTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(resetTokens)
    .set({ inviteToken: null })
    .where(and(eq(resetTokens.userId, userId), isNotNull(resetTokens.inviteToken)));
}

/** How many tokens were made for a user since then (bounds the reset e-mails one address can be sent). */
export async function countTokensSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(resetTokens)
    .where(and(eq(resetTokens.userId, userId), gte(resetTokens.createdAt, since)));
  return row.n;
}
