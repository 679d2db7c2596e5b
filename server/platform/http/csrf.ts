import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../../contract/http.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The guard's only opt-out, for a route another site must be able to POST to and whose body carries its own
     * proof: 'signed-body' (the SAML callback, whose response is signed by the configured identity provider and
     * answers a request this server made). Never for a route that acts on a session.
     */
    csrf?: 'signed-body';
  }
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sec-Fetch-Site values of a request the page of this origin made, or the user made (typed, bookmarked). */
const OWN_SITES = new Set(['same-origin', 'none']);

const refused = (message: string) => new ApiError(403, 'CsrfError', message);

/** The origin (scheme, host and port) a request was sent to; behind a trusted proxy, the one the client used. */
function requestOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined; // no Host, or not a host
  }
}

/**
 * The CSRF guard, for every POST, PUT, PATCH and DELETE that carries no API token (a browser never adds an
 * Authorization header by itself, so a call with one is nobody's forgery):
 * - refused when Sec-Fetch-Site says another site or another origin of this site sent it (another port or
 *   subdomain shares the site, and with it a SameSite=Lax cookie);
 * - refused when Origin is neither the origin the request was sent to nor the configured public URL's (UNLEASH_URL,
 *   for a proxy that rewrites Host); `Origin: null` (a sandboxed or privacy-bound page) never matches;
 * - when the caller was resolved from the session (a signed-in user, or AUTH_TYPE=none's admin), refused without
 *   the console's header (CONSOLE_HEADER), which a form, a beacon or a no-cors fetch cannot send.
 * The sign-in routes (open, no caller yet) get the first two checks: a page elsewhere cannot sign the browser into
 * an account of its choosing. A route that declares `config.csrf: 'signed-body'` gets no check (see its doc).
 * Registered after the access guard, which resolves the caller; before validation,
 * idempotency and every handler, so a refused call changes nothing.
 */
export function registerCsrfGuard(app: FastifyInstance, options: { publicUrl: string }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  const header = CONSOLE_HEADER.toLowerCase();
  app.addHook('preValidation', async (request) => {
    if (!MUTATIONS.has(request.method) || request.headers.authorization?.trim()) return;
    if (request.routeOptions.config.csrf === 'signed-body') return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && !OWN_SITES.has(site)) {
      throw refused(
        `Refused a change sent from another ${site === 'same-site' ? 'origin' : 'site'} (Sec-Fetch-Site: ${site}): ` +
          'changes can only be made from the Switchyard console, or with an API token',
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== requestOrigin(request) && origin !== publicOrigin) {
      throw refused(
        `Refused a change sent from ${origin}, which is not this server's origin: ` +
          'changes can only be made from the Switchyard console, or with an API token',
      );
    }
    if (request.caller?.kind === 'user' && request.headers[header] === undefined) {
      throw refused(
        `A change made with a session must carry the header ${CONSOLE_HEADER}: ${CONSOLE_HEADER_VALUE}, ` +
          'as the Switchyard console sends it; scripts should use an API token',
      );
    }
  });
}
