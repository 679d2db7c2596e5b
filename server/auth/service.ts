import type { FastifyBaseLogger } from 'fastify';
import type { LogoutRedirect } from '../../contract/auth.ts';
import { PASSWORD_LOGIN_DISABLED } from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError, validationError } from '../platform/http/errors.ts';
import {
  demoUser,
  endSession,
  findUserByLogin,
  getUser,
  startSession,
  userEventData,
  verifyPassword,
  type UserRow,
} from '../users/index.ts';
import { signInState, singleSignOutUrl } from '../sso/index.ts';
import { attemptSucceeded, reserveAttempt, unlockAccount } from '../platform/access/attempt-limiter.ts';

/** The account a sign-in counts against: the user's, whichever of their names is typed (else the name typed). */
const accountOf = (user: UserRow) => `user:${user.id}`;

/**
 * Signs in with a password. The attempt is reserved for the account and the address (a 429 when either is locked)
 * before the password is checked, and released when it succeeds. A 403 while an admin has turned it off.
 */
export async function passwordLogin(
  deps: AppDeps,
  input: { username?: string; password?: string },
  address: string,
): Promise<{ user: UserRow; token: string }> {
  const username = input.username?.trim();
  const password = input.password;
  if (!username || !password) {
    throw new ApiError(400, 'ValidationError', 'You must provide username and password', undefined, { isJoi: true });
  }
  if ((await signInState(deps)).passwordDisabled) throw new ApiError(403, 'NoAccessError', PASSWORD_LOGIN_DISABLED);
  const user = await findUserByLogin(deps.db, username);
  const attempt = { account: user ? accountOf(user) : `name:${username.toLowerCase()}`, address };
  await reserveAttempt(deps.db, deps.config.loginBackoffSeconds, attempt);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    throw new ApiError(401, 'PasswordMismatchError', 'Wrong password, try again.');
  }
  await attemptSucceeded(deps.db, attempt);
  return { user, token: await startSession(deps.db, user) };
}

/** An admin lifts a user's sign-in lock: their failed attempts and earlier locks are forgotten. */
export async function unlockUser(deps: AppDeps, actor: string, id: number): Promise<void> {
  const user = await getUser(deps, id);
  await deps.db.transaction(async (tx) => {
    await unlockAccount(tx, accountOf(user));
    await appendEvent(tx, { type: 'user-unlocked', createdBy: actor, data: userEventData(user) });
  });
}

/** AUTH_TYPE=demo: sign in with an e-mail only; the user is created (as Editor) on first sign-in. */
export async function demoLogin(deps: AppDeps, rawEmail: string): Promise<{ user: UserRow; token: string }> {
  const email = rawEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw validationError('email', '"email" must be a valid email', email);
  const user = await demoUser(deps, email);
  return { user, token: await startSession(deps.db, user) };
}

/**
 * Ends the caller's session; answers the provider's end-session page when that session came from OpenID Connect
 * with single sign-out enabled (server/sso/sign-out.ts).
 */
export async function logout(
  deps: AppDeps,
  token: string | undefined,
  log: FastifyBaseLogger,
): Promise<LogoutRedirect | undefined> {
  if (!token) return undefined;
  const redirectUrl = await singleSignOutUrl(deps, await endSession(deps.db, token), log);
  return redirectUrl ? { redirectUrl } : undefined;
}
