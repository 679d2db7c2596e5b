import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../access/caller.ts';

/** How many API tokens are remembered at most (the oldest is forgotten first). */
const MAX_TOKENS = 1000;

/**
 * Wraps the access guard's resolveCaller: an API token's caller is remembered per Authorization header while the
 * app's revision is current (a token is created, changed or deleted only by a write, which bumps it), so an SDK's
 * poll costs no token lookup. Expiry is checked on every use; sessions and refused tokens are never remembered.
 */
export function rememberTokenCallers(
  app: FastifyInstance,
  resolveCaller: (request: FastifyRequest) => Promise<Caller>,
): (request: FastifyRequest) => Promise<Caller> {
  const kept = new Map<string, { revision: number; caller: Caller & { kind: 'token' } }>();
  return async (request) => {
    const authorization = request.headers.authorization;
    if (!authorization) return resolveCaller(request);
    const entry = kept.get(authorization);
    if (entry && app.revisions.isCurrent(entry.revision)) {
      const expiresAt = entry.caller.token.expiresAt;
      if (!expiresAt || expiresAt.getTime() > Date.now()) return entry.caller;
    }
    const revision = app.revisions.current;
    const caller = await resolveCaller(request);
    if (caller.kind === 'token' && app.revisions.isCurrent(revision)) {
      kept.delete(authorization);
      if (kept.size >= MAX_TOKENS) kept.delete(kept.keys().next().value!);
      kept.set(authorization, { revision, caller });
    }
    return caller;
  };
}
