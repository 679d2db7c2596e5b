import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { clientApplications, clientInstances, clientMetricsHourly as m } from './schema.ts';

const HOUR = 60 * 60 * 1000;

/** A row of `client_applications`, its strategy names typed. */
export type ApplicationRow = Omit<typeof clientApplications.$inferSelect, 'strategies'> & { strategies: string[] };
export type InstanceRow = typeof clientInstances.$inferSelect;

export interface ApplicationMetadata {
  description?: string | null;
  url?: string | null;
  color?: string | null;
  icon?: string | null;
}

/** The hours to read: hourly buckets whose start lies in [since, until]. */
export interface HourWindow {
  since: Date;
  until: Date;
}

/** Narrows the metrics read to one toggle or one application. */
export interface UsageFilter {
  featureName?: string;
  appName?: string;
}

const inWindow = (window: HourWindow, filter: UsageFilter): SQL | undefined =>
  and(
    gte(m.hour, window.since),
    lte(m.hour, window.until),
    // A toggle reported with no evaluations was not used: it counts nowhere (as features.last_seen_at).
    gt(sql`${m.yes} + ${m.no}`, 0),
    filter.featureName === undefined ? undefined : eq(m.featureName, filter.featureName),
    filter.appName === undefined ? undefined : eq(m.appName, filter.appName),
  );

/** Yes/no totals of the window per toggle, application and environment, with the latest hour that has counts. */
export function usageInWindow(db: Db, window: HourWindow, filter: UsageFilter = {}) {
  return db
    .select({
      featureName: m.featureName,
      appName: m.appName,
      environment: m.environment,
      yes: sql<number>`sum(${m.yes})`.mapWith(Number),
      no: sql<number>`sum(${m.no})`.mapWith(Number),
      latestHour: sql<Date>`max(${m.hour})`.mapWith(m.hour),
    })
    .from(m)
    .where(inWindow(window, filter))
    .groupBy(m.featureName, m.appName, m.environment)
    .orderBy(asc(m.featureName), asc(m.appName), asc(m.environment));
}

export type UsageRow = Awaited<ReturnType<typeof usageInWindow>>[number];

/**
 * The environments each of the toggles was used in (counts above zero) in the hours from `since`'s on: one row per
 * toggle and environment.
 */
export function environmentsUsedSince(db: Db, names: readonly string[], since: Date) {
  return db
    .selectDistinct({ featureName: m.featureName, environment: m.environment })
    .from(m)
    .where(
      and(
        gte(m.hour, new Date(Math.floor(since.getTime() / HOUR) * HOUR)),
        gt(sql`${m.yes} + ${m.no}`, 0),
        sql`${m.featureName} = any(${sql.param([...names])}::text[])`,
      ),
    );
}

/** The hourly rows of one toggle in the window, oldest first. */
export function hourlyRowsOf(db: Db, window: HourWindow, featureName: string) {
  return db
    .select()
    .from(m)
    .where(inWindow(window, { featureName }))
    .orderBy(asc(m.hour), asc(m.appName), asc(m.environment));
}

/** Registered applications by name; only those whose strategies include `strategyName` when it is given. */
export async function listApplications(db: Db, strategyName?: string): Promise<ApplicationRow[]> {
  const rows = await db
    .select()
    .from(clientApplications)
    .where(
      strategyName === undefined
        ? undefined
        : sql`${clientApplications.strategies} @> ${JSON.stringify([strategyName])}::jsonb`,
    )
    .orderBy(asc(clientApplications.appName));
  return rows as ApplicationRow[];
}

/** The application, locked for the rest of the transaction with `forUpdate`. */
export async function findApplication(db: Db, appName: string, forUpdate = false): Promise<ApplicationRow | undefined> {
  const query = db.select().from(clientApplications).where(eq(clientApplications.appName, appName));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row as ApplicationRow | undefined;
}

export async function updateApplication(db: Db, appName: string, change: ApplicationMetadata): Promise<ApplicationRow> {
  const [row] = await db
    .update(clientApplications)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(clientApplications.appName, appName))
    .returning();
  return row as ApplicationRow;
}

/** Removes the application and its instances; the usage it reported stays (it is the toggles' history). */
export async function deleteApplication(db: Db, appName: string): Promise<void> {
  await db.delete(clientInstances).where(eq(clientInstances.appName, appName));
  await db.delete(clientApplications).where(eq(clientApplications.appName, appName));
}

/** The instances of an application seen since `seenSince`, most recently seen first. */
export function instancesOf(db: Db, appName: string, seenSince: Date): Promise<InstanceRow[]> {
  return db
    .select()
    .from(clientInstances)
    .where(and(eq(clientInstances.appName, appName), gte(clientInstances.lastSeen, seenSince)))
    .orderBy(desc(clientInstances.lastSeen), asc(clientInstances.instanceId), asc(clientInstances.environment));
}

// ---- what SDKs report (the client API records it) ----

/** What an SDK reports when it registers: its application (created, or its strategies updated). */
export async function upsertApplication(db: Db, app: { appName: string; strategies: string[]; createdBy: string }) {
  await db
    .insert(clientApplications)
    .values(app)
    .onConflictDoUpdate({
      target: clientApplications.appName,
      set: { strategies: app.strategies, updatedAt: new Date() },
    });
}

/** An instance of an application, seen now (from where, with which SDK). */
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
    .insert(m)
    .values(rows)
    .onConflictDoUpdate({
      target: [m.featureName, m.appName, m.environment, m.hour],
      set: {
        yes: sql`${m.yes} + excluded.yes`,
        no: sql`${m.no} + excluded.no`,
      },
    });
}
