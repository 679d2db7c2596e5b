import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { addons } from '../platform/db/schema.ts';
import type { AddonRow } from './read-model.ts';

export interface AddonData {
  provider: string;
  description: string;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
}

export async function insertAddon(db: Db, data: AddonData): Promise<AddonRow> {
  const [row] = await db.insert(addons).values(data).returning();
  return row as AddonRow;
}

export async function updateAddon(db: Db, id: number, data: AddonData): Promise<AddonRow> {
  const [row] = await db.update(addons).set(data).where(eq(addons.id, id)).returning();
  return row as AddonRow;
}

/** Its deliveries and their attempts go with it (ON DELETE CASCADE). */
export async function deleteAddon(db: Db, id: number): Promise<void> {
  await db.delete(addons).where(eq(addons.id, id));
}
