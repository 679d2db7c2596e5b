import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { userFeedback, users, userSplash } from '../platform/db/schema.ts';

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

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id));
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
