import * as client from 'openid-client';
import type { GoogleSettings, OidcSettings } from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import type { ExternalIdentity } from '../users/index.ts';
import { SignInRefused } from './sign-in.ts';

/** Google is an OpenID Connect provider at this issuer: the same code path, with Google's discovery document. */
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

export type OidcProvider = 'oidc' | 'google';

/** What a sign-in through an OpenID Connect provider needs of its settings. */
export interface OidcClientSettings {
  discoverUrl: string;
  clientId: string;
  secret: string;
  acrValues: string;
  redirectUri: string;
}

export function oidcClientSettings(deps: AppDeps, provider: 'oidc', settings: OidcSettings): OidcClientSettings;
export function oidcClientSettings(deps: AppDeps, provider: 'google', settings: GoogleSettings): OidcClientSettings;
export function oidcClientSettings(
  deps: AppDeps,
  provider: OidcProvider,
  settings: OidcSettings | GoogleSettings,
): OidcClientSettings {
  const { unleashUrl, baseUriPath } = deps.config;
  if ('discoverUrl' in settings) {
    return { ...settings, redirectUri: `${unleashUrl}/auth/${provider}/callback` };
  }
  const host = settings.unleashHostname.trim();
  return {
    discoverUrl: GOOGLE_DISCOVERY_URL,
    clientId: settings.clientId,
    secret: settings.clientSecret,
    acrValues: '',
    redirectUri: host ? `https://${host}${baseUriPath}/auth/google/callback` : `${unleashUrl}/auth/google/callback`,
  };
}

/** Discovered providers, by their settings (a changed setting discovers again; a failed discovery is forgotten). */
const discovered = new Map<string, Promise<client.Configuration>>();

function configurationOf(settings: OidcClientSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.discoverUrl, settings.clientId, settings.secret]);
  let found = discovered.get(key);
  if (!found) {
    const url = new URL(settings.discoverUrl);
    // Plain http only reaches a provider on this machine (server/sso/rules.ts refuses other http URLs).
    const execute = url.protocol === 'http:' ? [client.allowInsecureRequests] : [];
    found = client.discovery(url, settings.clientId, settings.secret, undefined, { execute, timeout: 10 });
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

/** The provider's sign-in page (authorisation code flow with PKCE) and what the callback must check. */
export async function oidcAuthorizationUrl(settings: OidcClientSettings) {
  const config = await configurationOf(settings).catch((error: unknown) => {
    throw new SignInRefused(`Could not reach the sign-in provider: ${(error as Error).message}`);
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const parameters: Record<string, string> = {
    redirect_uri: settings.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (settings.acrValues.trim()) parameters.acr_values = settings.acrValues.trim();
  return { url: client.buildAuthorizationUrl(config, parameters).href, flow: { verifier, state, nonce } };
}

/**
 * The callback: the code is exchanged with the PKCE verifier, state and nonce checked, the ID token verified; the
 * e-mail comes from its claims or, when the provider keeps them there, from the userinfo endpoint.
 */
export async function oidcIdentity(
  settings: OidcClientSettings,
  query: string,
  flow: Record<string, string>,
): Promise<ExternalIdentity & { idToken?: string }> {
  const config = await configurationOf(settings);
  const currentUrl = new URL(settings.redirectUri);
  currentUrl.search = query;
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SignInRefused(`The sign-in provider's answer was refused: ${(error as Error).message}`);
  }
  const claims = tokens.claims()!;
  type Person = { email?: string; name?: string; email_verified?: boolean };
  let person = claims as Person;
  if (!person.email) person = (await client.fetchUserInfo(config, tokens.access_token, claims.sub)) as Person;
  const { email, name, email_verified: verified } = person;
  if (!email) throw new SignInRefused('The sign-in provider gave no e-mail address');
  if (verified === false) throw new SignInRefused(`The sign-in provider has not verified ${email}`);
  return { email, name, idToken: tokens.id_token };
}

/**
 * The provider's end-session page (RP-initiated logout) for a session it signed in: `id_token_hint` names the
 * session, `post_logout_redirect_uri` brings the browser back. Undefined when its discovery names no http(s)
 * `end_session_endpoint`; throws when the provider cannot be reached.
 */
export async function oidcEndSessionUrl(
  settings: OidcClientSettings,
  idToken: string,
  postLogoutRedirectUri: string,
): Promise<string | undefined> {
  const config = await configurationOf(settings);
  const endpoint = config.serverMetadata().end_session_endpoint;
  // A web page only: the console navigates to it.
  if (!endpoint || !/^https?:$/.test(new URL(endpoint).protocol)) return undefined;
  const parameters = { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri };
  return client.buildEndSessionUrl(config, parameters).href;
}
