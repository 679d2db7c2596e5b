import type { AppDeps } from '../deps.ts';
import { ApiError, validationError } from '../platform/http/errors.ts';
import { demoUser, endSession, findUserByLogin, startSession, verifyPassword, type UserRow } from '../users/index.ts';

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
  deps.limiter.check(username, address);
  const user = await findUserByLogin(deps.db, username);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    deps.limiter.recordFailure(username, address);
    throw new ApiError(401, 'PasswordMismatchError', 'Wrong password, try again.');
  }
  deps.limiter.recordSuccess(username);
  return { user, token: await startSession(deps.db, user) };
}

/** AUTH_TYPE=demo: sign in with an e-mail only; the user is created (as Editor) on first sign-in. */
export async function demoLogin(deps: AppDeps, rawEmail: string): Promise<{ user: UserRow; token: string }> {
  const email = rawEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw validationError('email', '"email" must be a valid email', email);
  const user = await demoUser(deps, email);
  return { user, token: await startSession(deps.db, user) };
}

export async function logout(deps: AppDeps, token: string | undefined): Promise<void> {
  if (token) await endSession(deps.db, token);
}
