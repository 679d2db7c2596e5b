import type { FastifyRequest } from 'fastify';
import type { PermissionEntry } from '../../../contract/permissions.ts';
import { ApiError } from '../http/errors.ts';

/** A user calling: their row (the users table of server/users/schema.ts). */
export interface CallerUser {
  id: number;
  name: string | null;
  username: string | null;
  email: string | null;
  passwordHash: string | null;
  rootRole: number;
  loginAttempts: number;
  seenAt: Date | null;
  createdAt: Date;
}

/** An API token calling: its row (the api_tokens table of server/api-tokens/schema.ts). */
export interface CallerToken {
  secret: string;
  username: string;
  type: 'admin' | 'client' | 'frontend';
  project: string;
  environment: string;
  expiresAt: Date | null;
  createdAt: Date;
}

/** Who is calling: a signed-in user (or, with AUTH_TYPE=none, the first admin) or an API token. */
export type Caller = { kind: 'user'; user: CallerUser } | { kind: 'token'; token: CallerToken };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before validation on every route that is not OPEN. */
    caller: Caller | null;
    /** The caller's permission list, as GET api/admin/user reports it ([] without a caller). */
    callerPermissions(): Promise<PermissionEntry[]>;
  }
}

/** The signed-in user of a route that only makes sense for a person (not an API token). */
export function requireUser(request: FastifyRequest) {
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
  return personName(caller.user);
}

/** The name audit events record for a user's changes (their `createdBy`). */
export const personName = (user: Pick<CallerUser, 'id' | 'username' | 'email'>) =>
  user.username ?? user.email ?? `user-${user.id}`;
