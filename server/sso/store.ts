import { randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { EMPTY_SSO_SETTINGS, type SsoProvider, type SsoSettingsOf } from '../../contract/sso.ts';
import type { Db } from '../platform/db/client.ts';
import { addSetting, readSetting, writeSetting } from '../platform/db/settings.ts';
import { samlAssertions } from './schema.ts';

const keyOf = (provider: SsoProvider) => `sso-${provider}`;
const COOKIE_SECRET_KEY = 'sso-cookie-secret';

/** A provider's stored settings, over the empty ones (a field added later gets its default). */
export async function readSettings<P extends SsoProvider>(db: Db, provider: P): Promise<SsoSettingsOf[P]> {
  const stored = (await readSetting(db, keyOf(provider))) as Partial<SsoSettingsOf[P]> | undefined;
  return { ...EMPTY_SSO_SETTINGS[provider], ...stored };
}

export async function writeSettings<P extends SsoProvider>(db: Db, provider: P, value: SsoSettingsOf[P]) {
  await writeSetting(db, keyOf(provider), value);
}

/** The key that signs the sign-in flow's cookie: made once, shared by every process through the database. */
export async function cookieSecret(db: Db): Promise<Buffer> {
  await addSetting(db, COOKIE_SECRET_KEY, { key: randomBytes(32).toString('base64') });
  const stored = (await readSetting(db, COOKIE_SECRET_KEY)) as { key: string };
  return Buffer.from(stored.key, 'base64');
}

/**
 * Marks a SAML assertion used until it expires; false when it already was (in any process: one atomic insert).
 * Expired marks are dropped on the way.
 */
export async function claimSamlAssertion(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  await db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, new Date()));
  const claimed = await db
    .insert(samlAssertions)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: samlAssertions.id });
  return claimed.length === 1;
}
