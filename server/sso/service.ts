import type { SsoProvider, SsoSettingsOf } from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import { appendEvent } from '../platform/events/store.ts';
import { assertValidSettings } from './rules.ts';
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
  await deps.db.transaction(async (tx) => {
    await writeSettings(tx, provider, next);
    await appendEvent(tx, {
      type: 'sso-settings-updated',
      createdBy: actor,
      data: { provider, ...settingsView(provider, next) },
      preData: { provider, ...settingsView(provider, stored) },
    });
  });
  return settingsView(provider, next);
}
