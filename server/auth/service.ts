import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { findToken, type ApiTokenRow } from '../api-tokens/store.ts';
import { EDITOR_ROLE } from '../platform/access/access.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError, validationError } from '../platform/http/errors.ts';
import { findUserByLogin, firstAdmin, insertUser, markSeen, type UserRow } from '../users/store.ts';
import { userEventData } from '../users/service.ts';
import { verifyPassword } from './passwords.ts';
import { deleteExpiredSessions, deleteSession, findSessionUser, insertSession } from './store.ts';

export const SESSION_COOKIE = 'unleash-session';
export const SESSION_MS = 48 * 60 * 60 * 1000;

/** Who is calling: a signed-in user (or, with AUTH_TYPE=none, the first admin) or an API token. */
export type Caller = { kind: 'user'; user: UserRow } | { kind: 'token'; token: ApiTokenRow };

/** The 401 the console's sign-in dialog reads. */
export class AuthenticationRequired extends ApiError {
  constructor(private readonly deps: Pick<AppDeps, 'config'>) {
    super(401, 'AuthenticationRequired', 'You must sign in order to use Unleash');
  }

  override toBody() {
    const { authType, baseUriPath } = this.deps.config;
    const type = authType === 'demo' ? 'demo' : 'password';
    return {
      type,
      path: `${baseUriPath}/auth/${type === 'demo' ? 'demo' : 'simple'}/login`,
      message: this.message,
      defaultHidden: false,
      options: [],
    };
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session; only the hash of the cookie token is stored. */
async function startSession(deps: AppDeps, user: UserRow): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deleteExpiredSessions(deps.db);
  await insertSession(deps.db, hashToken(token), user.id, new Date(Date.now() + SESSION_MS));
  await markSeen(deps.db, user.id);
  return token;
}

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
  return { user, token: await startSession(deps, user) };
}

/** AUTH_TYPE=demo: sign in with an e-mail only; the user is created (as Editor) on first sign-in. */
export async function demoLogin(deps: AppDeps, rawEmail: string): Promise<{ user: UserRow; token: string }> {
  const email = rawEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw validationError('email', '"email" must be a valid email', email);
  const user =
    (await findUserByLogin(deps.db, email)) ??
    (await deps.db.transaction(async (tx) => {
      const created = await insertUser(tx, { email, rootRole: EDITOR_ROLE });
      await appendEvent(tx, { type: 'user-created', createdBy: email, data: userEventData(created) });
      return created;
    }));
  return { user, token: await startSession(deps, user) };
}

export async function endSession(deps: AppDeps, token: string | undefined): Promise<void> {
  if (token) await deleteSession(deps.db, hashToken(token));
}

/** Resolves the caller from the Authorization header (API token) or the session cookie; throws 401 if neither. */
export async function resolveCaller(deps: AppDeps, request: FastifyRequest): Promise<Caller> {
  const authorization = request.headers.authorization?.trim();
  if (authorization) {
    const secret = authorization.replace(/^Bearer\s+/i, '');
    const token = await findToken(deps.db, secret);
    if (!token || (token.expiresAt && token.expiresAt.getTime() <= Date.now())) {
      throw new ApiError(401, 'UnauthorizedError', 'Unknown or expired API token');
    }
    return { kind: 'token', token };
  }
  if (deps.config.authType === 'none') {
    const admin = await firstAdmin(deps.db);
    if (admin) return { kind: 'user', user: admin };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  const user = cookie ? await findSessionUser(deps.db, hashToken(cookie)) : undefined;
  if (!user) throw new AuthenticationRequired(deps);
  return { kind: 'user', user };
}

/** The signed-in user of a route that only makes sense for a person (not an API token). */
export function requireUser(request: FastifyRequest): UserRow {
  const caller = request.caller;
  if (caller?.kind !== 'user') {
    throw new ApiError(403, 'NoAccessError', 'This call needs a signed-in user; API tokens cannot use it');
  }
  return caller.user;
}

/** The name audit events record for the caller. */
export function callerName(request: FastifyRequest): string {
  const caller = request.caller;
  if (!caller) return 'anonymous';
  if (caller.kind === 'token') return caller.token.username;
  return caller.user.username ?? caller.user.email ?? `user-${caller.user.id}`;
}
