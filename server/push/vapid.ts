import webpush from 'web-push';
import type { Db } from '../platform/db/client.ts';
import { addSetting, readSetting } from '../platform/db/settings.ts';

/** The instance's VAPID key pair (base64url): push services check that every message is signed by it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'push.vapid';

const isKeys = (value: unknown): value is VapidKeys =>
  typeof (value as VapidKeys | undefined)?.publicKey === 'string' &&
  typeof (value as VapidKeys | undefined)?.privateKey === 'string';

/**
 * The instance's VAPID keys, made at its first start. Processes starting at once on one database each make a pair,
 * the first stored wins and every process reads that one back, so all sign with the same key.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const kept = await readSetting(db, VAPID_SETTING);
  if (isKeys(kept)) return kept;
  await addSetting(db, VAPID_SETTING, webpush.generateVAPIDKeys());
  const stored = await readSetting(db, VAPID_SETTING);
  if (!isKeys(stored)) throw new Error('the VAPID keys could not be stored');
  return stored;
}

/** Who signs (VAPID's `sub`): the console's https origin, or a mailto: address at its host when it is not https. */
export function vapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:noreply@${url.hostname}`;
}
