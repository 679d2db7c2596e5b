import {
  LAST_SSO_PROVIDER_NEEDED,
  PASSWORD_LOGIN_NEEDS_SSO,
  SSO_PROVIDERS,
  type PasswordLoginSettings,
  type SsoProvider,
  type SsoSettingsOf,
} from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { validationError } from '../platform/http/errors.ts';
import { assertValidSettings } from './rules.ts';
import { forgetSignInState, readPasswordLogin, writePasswordLogin } from './sign-in-state.ts';
import { readSettings, writeSettings } from './store.ts';
import { mergeSecret, settingsView } from './views.ts';

/** GET api/admin/auth/{provider}/settings: secrets masked. */
export async function getSettings<P extends SsoProvider>(deps: AppDeps, provider: P): Promise<SsoSettingsOf[P]> {
  return settingsView(provider, await readSettings(deps.db, provider));
}

/**
 * POST api/admin/auth/{provider}/settings: validated as a whole (a 400 names the field and stores nothing), then
 * stored with its audit event (secrets masked in it) in one transaction. Answers the stored settings, masked.
 */
export async function saveSettings<P extends SsoProvider>(
  deps: AppDeps,
  actor: string,
  provider: P,
  input: SsoSettingsOf[P],
): Promise<SsoSettingsOf[P]> {
  const stored = await readSettings(deps.db, provider);
  const next = mergeSecret(provider, input, stored);
  assertValidSettings(provider, next);
  if (!next.enabled && (await readPasswordLogin(deps.db)).disabled && !(await anyProviderEnabled(deps.db, provider))) {
    throw validationError('enabled', LAST_SSO_PROVIDER_NEEDED, false);
  }
  await deps.db.transaction(async (tx) => {
    await writeSettings(tx, provider, next);
    await appendEvent(tx, {
      type: 'sso-settings-updated',
      createdBy: actor,
      data: { provider, ...settingsView(provider, next) },
      preData: { provider, ...settingsView(provider, stored) },
    });
  });
  forgetSignInState(deps.db);
  return settingsView(provider, next);
}

/** Whether a single sign-on provider other than `except` is enabled. */
async function anyProviderEnabled(db: Db, except?: SsoProvider): Promise<boolean> {
  const others = SSO_PROVIDERS.filter((provider) => provider !== except);
  return (await Promise.all(others.map((provider) => readSettings(db, provider)))).some((s) => s.enabled);
}

/** GET api/admin/auth/simple/settings. */
export const getPasswordLogin = (deps: AppDeps): Promise<PasswordLoginSettings> => readPasswordLogin(deps.db);

/**
 * POST api/admin/auth/simple/settings: turning the password sign-in off needs an enabled single sign-on provider
 * (a 400 otherwise, so nobody is locked out); stored with its audit event in one transaction.
 */
export async function savePasswordLogin(
  deps: AppDeps,
  actor: string,
  input: PasswordLoginSettings,
): Promise<PasswordLoginSettings> {
  if (input.disabled && !(await anyProviderEnabled(deps.db))) {
    throw validationError('disabled', PASSWORD_LOGIN_NEEDS_SSO, true);
  }
  const stored = await readPasswordLogin(deps.db);
  await deps.db.transaction(async (tx) => {
    await writePasswordLogin(tx, input);
    await appendEvent(tx, {
      type: 'sso-settings-updated',
      createdBy: actor,
      data: { provider: 'simple', ...input },
      preData: { provider: 'simple', ...stored },
    });
  });
  forgetSignInState(deps.db);
  return input;
}
