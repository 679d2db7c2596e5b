import type { FastifyInstance } from 'fastify';
import { noAccess } from '../platform/http/errors.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { allowedOrigin } from './rules.ts';
import type { OriginsCache } from './service.ts';

const PREFLIGHT_MAX_AGE = String(24 * 60 * 60);

export interface CorsOptions {
  /** The origins an admin allows (POST api/admin/ui-config/cors). */
  origins: OriginsCache;
  /** The paths whose preflights are answered (OPTIONS). */
  paths: readonly string[];
  /** The request headers allowed when a preflight names none. */
  allowedHeaders: string;
  /** The API's name in a refused preflight's message ("the frontend API"). */
  api: string;
}

/**
 * CORS for an API browsers call with a frontend token, from the frontend API's origins setting: a preflight on each
 * path (a 403 for a refused origin), and on every answer of `scope`, a refusal included, the headers that let an
 * allowed origin read it, its ETag too.
 */
export function answerCors(scope: FastifyInstance, { origins, paths, allowedHeaders, api }: CorsOptions) {
  scope.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    const allowed = allowedOrigin(await origins.get(), origin);
    reply.header('Vary', 'Origin');
    if (allowed) reply.header('Access-Control-Allow-Origin', allowed).header('Access-Control-Expose-Headers', 'ETag');
  });

  for (const path of paths) {
    scope.options(
      path,
      { config: { permission: 'OPEN' }, schema: { response: { 204: NoBody } } },
      async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && !allowedOrigin(await origins.get(), origin)) {
          throw noAccess(`The origin ${origin} may not use ${api}`);
        }
        return reply
          .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
          .header('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? allowedHeaders)
          .header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE)
          .status(204)
          .send();
      },
    );
  }
}
