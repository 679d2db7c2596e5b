import type { PasswordLoginSettings } from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { readSetting, writeSetting } from '../platform/db/settings.ts';
import { readSettings } from './store.ts';

/** One provider button of the login page (auth details options). */
export interface SignInOption {
  type: 'oidc' | 'saml' | 'google';
  message: string;
  path: string;
}

/** How one can sign in: the enabled providers (in the tabs' order) and whether the password form is turned off. */
export interface SignInState {
  options: SignInOption[];
  passwordDisabled: boolean;
}

const PASSWORD_LOGIN_KEY = 'password-login';

export async function readPasswordLogin(db: Db): Promise<PasswordLoginSettings> {
  const stored = (await readSetting(db, PASSWORD_LOGIN_KEY)) as Partial<PasswordLoginSettings> | undefined;
  return { disabled: false, ...stored };
}

export async function writePasswordLogin(db: Db, value: PasswordLoginSettings) {
  await writeSetting(db, PASSWORD_LOGIN_KEY, value);
}

async function readSignInState(deps: AppDeps): Promise<SignInState> {
  const base = deps.config.baseUriPath;
  const [oidc, saml, google, password] = await Promise.all([
    readSettings(deps.db, 'oidc'),
    readSettings(deps.db, 'saml'),
    readSettings(deps.db, 'google'),
    readPasswordLogin(deps.db),
  ]);
  const options: SignInOption[] = [];
  if (oidc.enabled)
    options.push({ type: 'oidc', message: 'Sign in with OpenID Connect', path: `${base}/auth/oidc/login` });
  if (saml.enabled) options.push({ type: 'saml', message: 'Sign in with SAML 2.0', path: `${base}/auth/saml/login` });
  if (google.enabled)
    options.push({ type: 'google', message: 'Sign in with Google', path: `${base}/auth/google/login` });
  // Never hidden without a provider to sign in with (the settings refuse that, this guards older data too).
  return { options, passwordDisabled: password.disabled && options.length > 0 };
}

/**
 * Every 401 answers the sign-in state, so it is kept in memory per database: a settings save in this process
 * forgets it at once (forgetSignInState); another process's save is seen within STATE_MS.
 */
const STATE_MS = 5000;
const kept = new WeakMap<Db, { state: Promise<SignInState>; until: number }>();

export function signInState(deps: AppDeps): Promise<SignInState> {
  const found = kept.get(deps.db);
  if (found && found.until > Date.now()) return found.state;
  const state = readSignInState(deps);
  state.catch(() => kept.delete(deps.db));
  kept.set(deps.db, { state, until: Date.now() + STATE_MS });
  return state;
}

export function forgetSignInState(db: Db) {
  kept.delete(db);
}
