import { max, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { clientApplications, clientInstances, clientMetricsHourly, events } from '../platform/db/schema.ts';

export async function upsertApplication(db: Db, app: { appName: string; strategies: string[]; createdBy: string }) {
  await db
    .insert(clientApplications)
    .values(app)
    .onConflictDoUpdate({
      target: clientApplications.appName,
      set: { strategies: app.strategies, updatedAt: new Date() },
    });
}

export async function upsertInstance(
  db: Db,
  instance: { appName: string; instanceId: string; environment: string; sdkVersion?: string | null; clientIp: string },
) {
  await db
    .insert(clientInstances)
    .values({ ...instance, lastSeen: new Date() })
    .onConflictDoUpdate({
      target: [clientInstances.appName, clientInstances.instanceId, clientInstances.environment],
      set: {
        lastSeen: new Date(),
        clientIp: instance.clientIp,
        ...(instance.sdkVersion !== undefined ? { sdkVersion: instance.sdkVersion } : {}),
      },
    });
}

/** Adds yes/no counts to the hour's totals of each toggle. */
export async function addHourlyCounts(
  db: Db,
  rows: Array<{ featureName: string; appName: string; environment: string; hour: Date; yes: number; no: number }>,
) {
  if (rows.length === 0) return;
  await db
    .insert(clientMetricsHourly)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        clientMetricsHourly.featureName,
        clientMetricsHourly.appName,
        clientMetricsHourly.environment,
        clientMetricsHourly.hour,
      ],
      set: {
        yes: sql`${clientMetricsHourly.yes} + excluded.yes`,
        no: sql`${clientMetricsHourly.no} + excluded.no`,
      },
    });
}

/** The id of the newest audit event (0 when there is none): every change writes one in its transaction. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return row?.id ?? 0;
}
