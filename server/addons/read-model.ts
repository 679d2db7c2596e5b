import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AddonAttempt } from '../../contract/addons.ts';
import { DELIVERY_LOG_SIZE } from '../../contract/addons.ts';
import type { Db } from '../platform/db/client.ts';
import { addonAttempts, addonDeliveries, addons, events } from '../platform/db/schema.ts';

/** A row of the `addons` table, its JSON columns typed. */
export type AddonRow = Omit<typeof addons.$inferSelect, 'parameters' | 'events'> & {
  parameters: Record<string, string>;
  events: string[];
};

/** Every configured addon, oldest first. */
export async function listAddons(db: Db): Promise<AddonRow[]> {
  return (await db.select().from(addons).orderBy(asc(addons.id))) as AddonRow[];
}

export async function findAddon(db: Db, id: number): Promise<AddonRow | undefined> {
  const [row] = await db.select().from(addons).where(eq(addons.id, id));
  return row as AddonRow | undefined;
}

/** The addon's last attempts, newest first, each with its event and where its delivery stands now. */
export async function listAttempts(db: Db, addonId: number): Promise<AddonAttempt[]> {
  const rows = await db
    .select({
      id: addonAttempts.id,
      deliveryId: addonAttempts.deliveryId,
      at: addonAttempts.at,
      eventId: events.id,
      eventType: events.type,
      featureName: events.featureName,
      statusCode: addonAttempts.status,
      error: addonAttempts.error,
      attempt: sql<number>`(select count(*) from ${addonAttempts} earlier
        where earlier.delivery_id = ${addonAttempts.deliveryId} and earlier.id <= ${addonAttempts.id})::integer`,
      state: addonDeliveries.status,
    })
    .from(addonAttempts)
    .innerJoin(addonDeliveries, eq(addonDeliveries.id, addonAttempts.deliveryId))
    .innerJoin(events, eq(events.id, addonDeliveries.eventId))
    .where(eq(addonAttempts.addonId, addonId))
    .orderBy(desc(addonAttempts.id))
    .limit(DELIVERY_LOG_SIZE);
  return rows;
}
