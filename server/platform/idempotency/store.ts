import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Keys (and their stored answers) are kept this long. */
const KEPT = sql`interval '24 hours'`;
/** A key still "in progress" after this long belongs to a request that never finished (e.g. a crash): it is freed. */
const ABANDONED = sql`interval '2 minutes'`;

export interface KeyClaim {
  principal: string;
  key: string;
  method: string;
  url: string;
  /** SHA-256 of the body as canonical JSON. */
  bodyHash: string;
}

/**
 * Claims a key for a request: inserts it as in progress, or takes over the row when it expired, or when it was left
 * in progress by an abandoned request for the same call (method, URL and body; a row stored before bodies were
 * hashed matches any body). True when the caller now owns the key.
 */
export async function claimKey(db: Db, claim: KeyClaim): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...claim, status: null, headers: null, body: null })
    .onConflictDoUpdate({
      target: [idempotencyKeys.principal, idempotencyKeys.key],
      set: {
        method: claim.method,
        url: claim.url,
        bodyHash: claim.bodyHash,
        status: null,
        headers: null,
        body: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${KEPT} or (${idempotencyKeys.status} is null
        and ${idempotencyKeys.createdAt} < now() - ${ABANDONED}
        and ${idempotencyKeys.method} = excluded.method and ${idempotencyKeys.url} = excluded.url
        and (${idempotencyKeys.bodyHash} is null or ${idempotencyKeys.bodyHash} = excluded.body_hash))`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: Db, principal: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
  return row;
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export async function storeAnswer(db: Db, principal: string, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
}

/** Frees a key (the request failed with a 5xx: a retry may go through). */
export async function releaseKey(db: Db, principal: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
}

export async function deleteExpiredKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${KEPT}`);
}
