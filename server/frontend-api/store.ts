import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { settings } from '../platform/db/schema.ts';

/** The settings row of the frontend API (Unleash's `frontendSettings`). */
const KEY = 'frontendSettings';

interface FrontendSettings {
  frontendApiOrigins: string[];
}

/** The stored origins; undefined when none were ever set. */
export async function readOrigins(db: Db): Promise<string[] | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.name, KEY));
  return (row?.content as FrontendSettings | undefined)?.frontendApiOrigins;
}

/** The stored origins, the row locked until the transaction ends (one change at a time, each with its preData). */
export async function lockOrigins(tx: Db): Promise<string[] | undefined> {
  const [row] = await tx.select().from(settings).where(eq(settings.name, KEY)).for('update');
  return (row?.content as FrontendSettings | undefined)?.frontendApiOrigins;
}

export async function writeOrigins(tx: Db, origins: string[]): Promise<void> {
  const content: FrontendSettings = { frontendApiOrigins: origins };
  await tx
    .insert(settings)
    .values({ name: KEY, content })
    .onConflictDoUpdate({ target: settings.name, set: { content } });
}
