import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { SessionOrigin } from '../users/index.ts';
import { oidcClientSettings, oidcEndSessionUrl } from './oidc.ts';
import { readSettings } from './store.ts';

/**
 * Single sign-out, where the browser goes after a single sign-on session has ended here. OpenID
 * Connect with 'enableSingleSignOut': the provider's end-session page, which ends the person's session there too
 * and sends the browser back to the console's login page. SAML 2.0: its 'Single Sign-Out URL', when set (a plain
 * redirect, as that field says; no signed LogoutRequest). Undefined (sign out here only) otherwise, also when the
 * OpenID provider names no end-session endpoint or cannot be reached (logged, without the token).
 */
export async function singleSignOutUrl(
  deps: AppDeps,
  ended: SessionOrigin | undefined,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  if (ended?.provider === 'saml') return (await readSettings(deps.db, 'saml')).signOutUrl.trim() || undefined;
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
