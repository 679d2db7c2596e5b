import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { SessionOrigin } from '../users/index.ts';
import { oidcClientSettings, oidcEndSessionUrl } from './oidc.ts';
import { readSettings } from './store.ts';

/**
 * Single sign-out (part 2 section 3, OIDC 'enableSingleSignOut'): after a session signed in through OpenID Connect
 * has ended here, the provider's end-session page, which ends the person's session there too and sends the browser
 * back to the console's login page. Undefined (sign out here only) for any other session, while the switch is off,
 * when the provider names no end-session endpoint, or when it cannot be reached (logged, without the token).
 */
export async function singleSignOutUrl(
  deps: AppDeps,
  ended: SessionOrigin | undefined,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  if (ended?.provider !== 'oidc' || !ended.idToken) return undefined;
  const settings = await readSettings(deps.db, 'oidc');
  if (!settings.enableSingleSignOut || !settings.discoverUrl.trim()) return undefined;
  try {
    const client = oidcClientSettings(deps, 'oidc', settings);
    return await oidcEndSessionUrl(client, ended.idToken, `${deps.config.unleashUrl}/login`);
  } catch (error) {
    log.warn(`Single sign-out skipped: the OpenID provider could not be reached (${(error as Error).message})`);
    return undefined;
  }
}
