import type { Db } from '../platform/db/client.ts';
import { hoursWindow } from './rules.ts';
import { hourlyRowsOf, listApplications, usageInWindow, type UsageFilter } from './store.ts';
import { applicationView } from './views.ts';

// How much toggles were used, as SDKs report it: summed per clock hour.

/** Yes/no per toggle, application and environment of the last hour (see hoursWindow). */
export const lastHourUsage = (db: Db, filter: UsageFilter = {}) => usageInWindow(db, hoursWindow(1), filter);

type Counts = { yes: number; no: number };

const add = (sum: Counts | undefined, row: Counts): Counts => ({
  yes: (sum?.yes ?? 0) + row.yes,
  no: (sum?.no ?? 0) + row.no,
});

/** Distinct values in first-seen order (the rows come sorted, so the result is sorted too). */
export const distinct = (values: string[]) => [...new Set(values)];

/**
 * GET api/admin/metrics/feature-toggles: yes/no of the last hour per toggle. `lastMinute` is always empty: the counts
 * are kept per hour, so there is no last minute to tell (the console then uses lastHour).
 */
export async function toggleMetrics(db: Db) {
  const hour: Record<string, Counts> = {};
  for (const row of await lastHourUsage(db)) hour[row.featureName] = add(hour[row.featureName], row);
  return { lastHour: hour, lastMinute: {} };
}

/** GET api/admin/metrics/feature-toggles/{name}: `{}` for a toggle nobody reported in the last hour, as Unleash. */
export async function toggleMetricsOf(db: Db, featureName: string) {
  const rows = await lastHourUsage(db, { featureName });
  return {
    lastHour: rows.length === 0 ? {} : rows.reduce<Counts>((sum, row) => add(sum, row), { yes: 0, no: 0 }),
    lastMinute: {},
  };
}

/** GET api/admin/metrics/seen-toggles: per application that reported in the last hour, its toggles and its count. */
export async function seenToggles(db: Db) {
  const byApp = new Map<string, { seen: Set<string>; count: number }>();
  for (const row of await lastHourUsage(db)) {
    let app = byApp.get(row.appName);
    if (!app) byApp.set(row.appName, (app = { seen: new Set(), count: 0 }));
    app.seen.add(row.featureName);
    app.count += row.yes + row.no;
  }
  return [...byApp.keys()].sort().map((appName) => {
    const { seen, count } = byApp.get(appName)!;
    return { appName, seenToggles: [...seen], metricsCount: count };
  });
}

/**
 * GET api/admin/metrics/seen-apps: per toggle used in the last hour, the registered applications that used it.
 * Applications that report metrics without ever registering are left out (SDKs register when they start).
 */
export async function seenApps(db: Db) {
  const [rows, apps] = await Promise.all([lastHourUsage(db), listApplications(db)]);
  const byName = new Map(apps.map((a) => [a.appName, applicationView(a)]));
  const byToggle = new Map<string, Set<ReturnType<typeof applicationView>>>();
  for (const { featureName, appName } of rows) {
    const app = byName.get(appName);
    if (!app) continue;
    let apps = byToggle.get(featureName);
    if (!apps) byToggle.set(featureName, (apps = new Set()));
    apps.add(app);
  }
  return Object.fromEntries([...byToggle].map(([featureName, apps]) => [featureName, [...apps]]));
}

/**
 * GET api/admin/client-metrics/features/{name} (Unleash's metrics v2 summary): the last hour's yes/no per
 * environment, `timestamp` being the start of the latest hour with counts, and the applications that used the toggle.
 */
export async function featureUsage(db: Db, featureName: string) {
  const rows = await lastHourUsage(db, { featureName });
  const byEnvironment = new Map<string, { environment: string; timestamp: Date; yes: number; no: number }>();
  for (const row of rows) {
    const entry = byEnvironment.get(row.environment);
    byEnvironment.set(row.environment, {
      environment: row.environment,
      timestamp: entry && entry.timestamp > row.latestHour ? entry.timestamp : row.latestHour,
      ...add(entry, row),
    });
  }
  return {
    version: 1 as const,
    maturity: 'stable',
    featureName,
    lastHourUsage: [...byEnvironment.keys()].sort().map((environment) => byEnvironment.get(environment)!),
    seenApplications: distinct(rows.map((r) => r.appName).sort()),
  };
}

/** GET .../client-metrics/features/{name}/raw: the hourly rows of the last 24 hours, oldest first. */
export async function rawFeatureUsage(db: Db, featureName: string) {
  const rows = await hourlyRowsOf(db, hoursWindow(24), featureName);
  return {
    version: 1 as const,
    maturity: 'stable',
    data: rows.map((r) => ({
      featureName: r.featureName,
      appName: r.appName,
      environment: r.environment,
      timestamp: r.hour,
      yes: r.yes,
      no: r.no,
    })),
  };
}
