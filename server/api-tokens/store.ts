import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { apiTokens } from './schema.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
type NewApiToken = typeof apiTokens.$inferInsert;

export function listTokens(db: Db): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).orderBy(asc(apiTokens.createdAt), asc(apiTokens.secret));
}

export async function insertToken(db: Db, token: NewApiToken): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(token).returning();
  return row;
}

/** The token, locked until the transaction ends (its change is read and written in one step). */
export async function lockToken(db: Db, secret: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.secret, secret)).for('update');
  return row;
}

export async function setTokenExpiry(db: Db, secret: string, expiresAt: Date | null): Promise<ApiTokenRow> {
  const [row] = await db.update(apiTokens).set({ expiresAt }).where(eq(apiTokens.secret, secret)).returning();
  return row;
}

export async function deleteToken(db: Db, secret: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.delete(apiTokens).where(eq(apiTokens.secret, secret)).returning();
  return row;
}
