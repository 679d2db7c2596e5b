import type { Db } from '../platform/db/client.ts';
import { readSetting } from '../platform/db/settings.ts';

/** This instance's id, created by the seed migration. */
export async function instanceId(db: Db): Promise<string> {
  return ((await readSetting(db, 'instanceInfo')) as { id?: string } | undefined)?.id ?? '';
}
