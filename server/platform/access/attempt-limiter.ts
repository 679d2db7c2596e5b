import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

/** Attempts a key may have outstanding (failed, or still being checked) before it is locked. */
const LIMITS = { account: 10, address: 50 } as const;
/** The longest lock, however many came before it. */
const MAX_LOCK_SECONDS = 3600;
/** A key with no attempt for this long starts afresh: no attempts counted, the next lock the shortest again. */
const FORGET_AFTER = sql`interval '1 hour'`;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

type Scope = keyof typeof LIMITS;
/** One key attempts are counted against: an account, or a client's address (sign-in), or `reset:<address>`. */
interface Key {
  scope: Scope;
  subject: string;
}

/** Who is signing in: the account (`user:<id>`, or `name:<login>` when no user has that name) and the address. */
export interface SignInAttempt {
  account: string;
  address: string;
}

const keysOf = (attempt: SignInAttempt): Key[] => [
  { scope: 'account', subject: attempt.account },
  { scope: 'address', subject: attempt.address },
];
const SIGN_IN_REFUSED = 'Too many failed sign-in attempts.';
const RESET_REFUSED = 'Too many password reset requests from this address.';

const t = loginAttempts;
const [ACCOUNT_LIMIT, ADDRESS_LIMIT] = [sql.raw(String(LIMITS.account)), sql.raw(String(LIMITS.address))];
/** The limit of a row's key. */
const limit = sql`(case ${t.scope} when 'account' then ${ACCOUNT_LIMIT} else ${ADDRESS_LIMIT} end)`;
const matches = (keys: Key[]) => or(...keys.map((key) => and(eq(t.scope, key.scope), eq(t.subject, key.subject))));

/**
 * Reserves one attempt for the account and for the address, before the password is checked, in one atomic statement
 * (per key: INSERT ... ON CONFLICT DO UPDATE ... WHERE not locked ... RETURNING): a key that is locked is left as it
 * is and no row comes back for it; otherwise its count goes up (after a lock has run out, or an hour without
 * attempts, it starts again at 1), and the attempt that reaches the limit sets the lock, for
 * backoff x 2^(locks before it) seconds, at most an hour. So however many attempts run at once, at most the limit
 * of them are checked per key. Throws a 429 (with Retry-After) when either key is locked; a reservation made for
 * the other key is then released.
 */
export async function reserveAttempt(db: Db, backoffSeconds: number, attempt: SignInAttempt): Promise<void> {
  await reserve(db, backoffSeconds, keysOf(attempt), SIGN_IN_REFUSED);
}

/**
 * A password-reset request from `address` (POST auth/reset/password-email), counted by the same rule against the
 * address's own key (`reset:<address>`, at the address limit; never given back), so one client cannot mail reset
 * links to address after address. Throws the 429 while it is locked.
 */
export async function reserveResetRequest(db: Db, backoffSeconds: number, address: string): Promise<void> {
  await reserve(db, backoffSeconds, [{ scope: 'address', subject: `reset:${address}` }], RESET_REFUSED);
}

async function reserve(db: Db, backoffSeconds: number, keys: Key[], refusal: string): Promise<void> {
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now();
    await forgetOldAttempts(db);
  }
  const idle = sql`${t.updatedAt} < now() - ${FORGET_AFTER}`;
  const newAttempts = sql`(case when ${t.lockedUntil} is null and not ${idle} then ${t.attempts} + 1 else 1 end)`;
  const reachesLimit = sql`${newAttempts} >= ${limit}`;
  const lockouts = sql`(case when ${idle} then 0 else ${t.lockouts} end)`;
  const granted = await db
    .insert(t)
    .values(keys.map((key) => ({ ...key, attempts: 1 })))
    .onConflictDoUpdate({
      target: [t.scope, t.subject],
      set: {
        attempts: newAttempts,
        lockouts: sql`${lockouts} + (case when ${reachesLimit} then 1 else 0 end)`,
        lockedUntil: sql`(case when ${reachesLimit} then now() + make_interval(secs => least(
          ${backoffSeconds}::float8 * power(2, ${lockouts}), ${sql.raw(String(MAX_LOCK_SECONDS))})) end)`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`,
    })
    .returning({ scope: t.scope });
  if (granted.length === keys.length) return;
  for (const key of keys.filter((k) => granted.some((g) => g.scope === k.scope))) {
    await release(db, key.scope, key.subject);
  }
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from max(${t.lockedUntil}) - now()))::int` })
    .from(t)
    .where(matches(keys));
  throw tooManyAttempts(refusal, Math.max(1, row?.seconds ?? 1));
}

/** A successful sign-in: the account starts afresh (no failures, no locks); the address gets its attempt back. */
export async function attemptSucceeded(db: Db, attempt: SignInAttempt): Promise<void> {
  await db.delete(t).where(and(eq(t.scope, 'account'), eq(t.subject, attempt.account)));
  await release(db, 'address', attempt.address);
}

/**
 * Gives back a reservation that was not checked (or that succeeded): one attempt fewer, and a running lock that the
 * count no longer reaches is lifted (and not counted).
 */
async function release(db: Db, scope: Scope, subject: string): Promise<void> {
  const lifted = sql`${t.lockedUntil} > now() and ${t.attempts} - 1 < ${limit}`;
  await db
    .update(t)
    .set({
      attempts: sql`greatest(${t.attempts} - 1, 0)`,
      lockouts: sql`(case when ${lifted} then greatest(${t.lockouts} - 1, 0) else ${t.lockouts} end)`,
      lockedUntil: sql`(case when ${lifted} then null else ${t.lockedUntil} end)`,
    })
    .where(and(eq(t.scope, scope), eq(t.subject, subject)));
}

/** An admin unlocks an account: its failures and locks are forgotten. */
export async function unlockAccount(db: Db, account: string): Promise<void> {
  await db.delete(t).where(and(eq(t.scope, 'account'), eq(t.subject, account)));
}

/** Keys with no attempt for an hour and no lock left are dropped. */
async function forgetOldAttempts(db: Db): Promise<void> {
  await db
    .delete(t)
    .where(sql`${t.updatedAt} < now() - ${FORGET_AFTER} and (${t.lockedUntil} is null or ${t.lockedUntil} <= now())`);
}

function tooManyAttempts(refusal: string, retryAfterSeconds: number): ApiError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const message = `${refusal} Try again in ${wait}.`;
  return new ApiError(429, 'TooManyRequestsError', message, undefined, { retryAfterSeconds });
}
