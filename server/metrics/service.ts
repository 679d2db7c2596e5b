import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { notFound, validationError } from '../platform/http/errors.ts';
import { listStrategies, strategyView } from '../strategies/index.ts';
import {
  deleteApplication,
  findApplication,
  hourlyRowsOf,
  instancesOf,
  listApplications,
  updateApplication,
  usageInWindow,
  type ApplicationMetadata,
  type ApplicationRow,
  type HourWindow,
  type UsageFilter,
  type UsageRow,
} from './store.ts';

const HOUR = 60 * 60 * 1000;

/**
 * SDK counts are summed per clock hour (client_metrics_hourly), so "the last hour" is every hourly bucket that
 * overlaps the last 60 minutes: the current hour and the one before it. `hoursBack` widens it (raw data: 24).
 */
export function hoursWindow(hoursBack: number, now = new Date()): HourWindow {
  const currentHour = Math.floor(now.getTime() / HOUR) * HOUR;
  return { since: new Date(currentHour - hoursBack * HOUR), until: now };
}

const lastHourUsage = (db: Db, filter: UsageFilter = {}) => usageInWindow(db, hoursWindow(1), filter);

type Counts = { yes: number; no: number };

const add = (sum: Counts | undefined, row: Counts): Counts => ({
  yes: (sum?.yes ?? 0) + row.yes,
  no: (sum?.no ?? 0) + row.no,
});

/** Distinct values in first-seen order (the rows come sorted, so the result is sorted too). */
const distinct = (values: string[]) => [...new Set(values)];

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
  const byApp = new Map<string, UsageRow[]>();
  for (const row of await lastHourUsage(db)) byApp.set(row.appName, [...(byApp.get(row.appName) ?? []), row]);
  return [...byApp.keys()].sort().map((appName) => {
    const rows = byApp.get(appName)!;
    return {
      appName,
      seenToggles: distinct(rows.map((r) => r.featureName)),
      metricsCount: rows.reduce((n, r) => n + r.yes + r.no, 0),
    };
  });
}

/** An application in the lists (Unleash 4 keys and order). */
export const applicationResponse = (a: ApplicationRow) => ({
  appName: a.appName,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  description: a.description,
  strategies: a.strategies,
  createdBy: a.createdBy,
  url: a.url,
  color: a.color,
  icon: a.icon,
});

/**
 * GET api/admin/metrics/seen-apps: per toggle used in the last hour, the registered applications that used it.
 * Applications that report metrics without ever registering are left out (SDKs register when they start).
 */
export async function seenApps(db: Db) {
  const [rows, apps] = await Promise.all([lastHourUsage(db), listApplications(db)]);
  const byName = new Map(apps.map((a) => [a.appName, applicationResponse(a)]));
  const result: Record<string, Array<ReturnType<typeof applicationResponse>>> = {};
  for (const { featureName, appName } of rows) {
    const app = byName.get(appName);
    if (!app) continue;
    const list = (result[featureName] ??= []);
    if (!list.includes(app)) list.push(app);
  }
  return result;
}

export async function applications(db: Db, strategyName?: string) {
  return { applications: (await listApplications(db, strategyName)).map(applicationResponse) };
}

const applicationNotFound = (appName: string) => notFound(`Could not find appName=${appName}`);

async function requireApplication(db: Db, appName: string, forUpdate = false): Promise<ApplicationRow> {
  const row = await findApplication(db, appName, forUpdate);
  if (!row) throw applicationNotFound(appName);
  return row;
}

/**
 * GET api/admin/metrics/applications/{appName}: the metadata, the strategy definitions it uses (`{name, notFound:
 * true}` for one the server does not know), its instances and the toggles it used in the last hour.
 */
export async function applicationDetail(db: Db, appName: string) {
  const app = await requireApplication(db, appName);
  const [definitions, instances, usage] = await Promise.all([
    listStrategies(db),
    instancesOf(db, appName),
    lastHourUsage(db, { appName }),
  ]);
  const byName = new Map(definitions.map((d) => [d.name, strategyView(d)]));
  return {
    appName: app.appName,
    createdAt: app.createdAt,
    description: app.description,
    url: app.url,
    color: app.color,
    icon: app.icon,
    strategies: app.strategies.map((name) => byName.get(name) ?? { name, notFound: true as const }),
    instances: instances.map((i) => ({
      appName: i.appName,
      instanceId: i.instanceId,
      sdkVersion: i.sdkVersion,
      clientIp: i.clientIp,
      lastSeen: i.lastSeen,
      createdAt: i.createdAt,
      environment: i.environment,
    })),
    seenToggles: distinct(usage.map((r) => r.featureName)),
    links: { self: `/api/admin/metrics/applications/${encodeURIComponent(app.appName)}` },
  };
}

const METADATA = ['description', 'url', 'color', 'icon'] as const;

/** What an audit event records of an application. */
const eventData = (a: ApplicationRow) => ({
  appName: a.appName,
  description: a.description,
  url: a.url,
  color: a.color,
  icon: a.icon,
  strategies: a.strategies,
});

/** The url must be empty or an http(s) address (Joi's uri rule of Unleash's application schema). */
function checkUrl(url: string | null | undefined) {
  if (!url) return;
  let scheme: string | undefined;
  try {
    scheme = new URL(url).protocol;
  } catch {
    scheme = undefined;
  }
  if (scheme !== 'http:' && scheme !== 'https:') {
    throw validationError(
      'url',
      '"url" must be a valid uri with a scheme matching the https? pattern',
      url,
      'string.uriCustomScheme',
    );
  }
}

/** POST api/admin/metrics/applications/{appName}: changes the metadata fields sent, the others stay. */
export async function changeApplication(
  deps: AppDeps,
  actor: string,
  appName: string,
  input: ApplicationMetadata & { appName?: string },
): Promise<void> {
  if (input.appName !== undefined && input.appName !== appName) {
    throw validationError('appName', `"appName" must be ${appName}: an application cannot be renamed`, input.appName);
  }
  const change: ApplicationMetadata = Object.fromEntries(
    METADATA.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  );
  if (Object.keys(change).length === 0) {
    throw validationError([], `"value" must contain at least one of [${METADATA.join(', ')}]`, input, 'object.missing');
  }
  checkUrl(change.url);
  await deps.db.transaction(async (tx) => {
    const before = await requireApplication(tx, appName, true);
    const after = await updateApplication(tx, appName, change);
    await appendEvent(tx, {
      type: 'application-updated',
      createdBy: actor,
      data: eventData(after),
      preData: eventData(before),
    });
  });
}

/** DELETE api/admin/metrics/applications/{appName}: the application and its instances. */
export async function removeApplication(deps: AppDeps, actor: string, appName: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await requireApplication(tx, appName, true);
    await deleteApplication(tx, appName);
    await appendEvent(tx, {
      type: 'application-deleted',
      createdBy: actor,
      data: { appName },
      preData: eventData(before),
    });
  });
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
