import type { Db } from '../platform/db/client.ts';
import { readSetting, writeSetting } from '../platform/db/settings.ts';

/** The settings row of the frontend API (Unleash's `frontendSettings`). */
const KEY = 'frontendSettings';

interface FrontendSettings {
  frontendApiOrigins: string[];
}

/** The stored origins; undefined when none were ever set. */
export async function readOrigins(db: Db): Promise<string[] | undefined> {
  return ((await readSetting(db, KEY)) as FrontendSettings | undefined)?.frontendApiOrigins;
}

/** The stored origins, the row locked until the transaction ends (one change at a time, each with its preData). */
export async function lockOrigins(tx: Db): Promise<string[] | undefined> {
  return ((await readSetting(tx, KEY, { lock: true })) as FrontendSettings | undefined)?.frontendApiOrigins;
}

export async function writeOrigins(tx: Db, origins: string[]): Promise<void> {
  const content: FrontendSettings = { frontendApiOrigins: origins };
  await writeSetting(tx, KEY, content);
}
