import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { apiTokens } from './schema.ts';
import type { ApiTokenRow } from './store.ts';

/** The token with this secret, expired or not. */
export async function findToken(db: Db, secret: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.secret, secret));
  return row;
}

/** When each of these tokens expires (null: never), for those that still exist, in one read. */
export async function tokenExpiries(db: Db, secrets: string[]): Promise<Map<string, Date | null>> {
  if (secrets.length === 0) return new Map();
  const rows = await db
    .select({ secret: apiTokens.secret, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .where(inArray(apiTokens.secret, secrets));
  return new Map(rows.map((row) => [row.secret, row.expiresAt]));
}

/** How many API tokens are scoped to the project, or to the environment. */
export async function countTokensScopedTo(
  db: Db,
  scope: { project: string } | { environment: string },
): Promise<number> {
  const where =
    'project' in scope ? eq(apiTokens.project, scope.project) : eq(apiTokens.environment, scope.environment);
  const [row] = await db.select({ n: count() }).from(apiTokens).where(where);
  return Number(row.n);
}
