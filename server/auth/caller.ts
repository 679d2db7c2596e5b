import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { findToken } from '../api-tokens/index.ts';
import type { Caller } from '../platform/access/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { signInState, type SignInState } from '../sso/index.ts';
import { firstAdmin, sessionToken, sessionUser } from '../users/index.ts';

/**
 * The 401 the console's sign-in page reads: the sign-in form's path, the single sign-on providers' buttons, and
 * `defaultHidden` when an admin turned the password sign-in off.
 */
export class AuthenticationRequired extends ApiError {
  constructor(
    private readonly deps: Pick<AppDeps, 'config'>,
    private readonly state: SignInState,
  ) {
    super(401, 'AuthenticationRequired', 'You must sign in order to use Unleash');
  }

  override toBody() {
    const { authType, baseUriPath } = this.deps.config;
    const type = authType === 'demo' ? 'demo' : 'password';
    return {
      type,
      path: `${baseUriPath}/auth/${type === 'demo' ? 'demo' : 'simple'}/login`,
      message: this.message,
      defaultHidden: type === 'password' && this.state.passwordDisabled,
      options: this.state.options,
    };
  }
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
  const cookie = sessionToken(request);
  const user = cookie ? await sessionUser(deps.db, cookie) : undefined;
  if (!user) throw new AuthenticationRequired(deps, await signInState(deps));
  return { kind: 'user', user };
}
