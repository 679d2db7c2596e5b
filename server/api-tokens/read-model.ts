import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { apiTokens } from '../platform/db/schema.ts';
import type { ApiTokenRow } from './store.ts';

/** The token with this secret, expired or not. */
export async function findToken(db: Db, secret: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.secret, secret));
  return row;
}
