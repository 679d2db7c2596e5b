import type { AppDeps } from '../deps.ts';
import { readSettings } from './store.ts';

/** One provider button of the login page (part 2 section 3, auth details options). */
export interface SignInOption {
  type: 'oidc' | 'saml' | 'google';
  message: string;
  path: string;
}

/** The enabled providers, in the tabs' order, each with the path that starts its sign-in. */
export async function signInOptions(deps: AppDeps): Promise<SignInOption[]> {
  const base = deps.config.baseUriPath;
  const [oidc, saml, google] = await Promise.all([
    readSettings(deps.db, 'oidc'),
    readSettings(deps.db, 'saml'),
    readSettings(deps.db, 'google'),
  ]);
  const options: SignInOption[] = [];
  if (oidc.enabled)
    options.push({ type: 'oidc', message: 'Sign in with OpenID Connect', path: `${base}/auth/oidc/login` });
  if (saml.enabled) options.push({ type: 'saml', message: 'Sign in with SAML 2.0', path: `${base}/auth/saml/login` });
  if (google.enabled)
    options.push({ type: 'google', message: 'Sign in with Google', path: `${base}/auth/google/login` });
  return options;
}
