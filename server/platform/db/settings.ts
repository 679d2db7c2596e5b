import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

// Named settings, one JSON document each (the instance's id, the frontend API's origins, the single sign-on
// providers, ...): each domain reads and writes only its own names, through these.

/** The setting's document (undefined when it was never written); `lock` holds its row until the transaction ends. */
export async function readSetting(db: Db, name: string, options: { lock?: boolean } = {}): Promise<unknown> {
  const query = db.select({ content: settings.content }).from(settings).where(eq(settings.name, name));
  const [row] = options.lock ? await query.for('update') : await query;
  return row?.content;
}

/** Writes the setting's document, replacing the one it had. */
export async function writeSetting(db: Db, name: string, content: unknown): Promise<void> {
  await db.insert(settings).values({ name, content }).onConflictDoUpdate({ target: settings.name, set: { content } });
}

/** Writes the setting's document unless it has one (the first writer of several processes wins). */
export async function addSetting(db: Db, name: string, content: unknown): Promise<void> {
  await db.insert(settings).values({ name, content }).onConflictDoNothing();
}
