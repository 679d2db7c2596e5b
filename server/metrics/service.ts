import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { notFound, validationError } from '../platform/http/errors.ts';
import { liveFeatures } from '../features/index.ts';
import { listStrategies, strategyView } from '../strategies/index.ts';
import { checkUrl, instancesWindow, METADATA } from './rules.ts';
import {
  deleteApplication,
  findApplication,
  instancesOf,
  listApplications,
  updateApplication,
  type ApplicationMetadata,
  type ApplicationRow,
} from './store.ts';
import { distinct, lastHourUsage } from './usage.ts';
import { applicationEventData, applicationView, instanceView, seenToggleView } from './views.ts';

// The registered applications (SDKs): their metadata can be read, changed and deleted.

/** GET api/admin/metrics/applications, only those using `strategyName` when given. */
export async function applications(db: Db, strategyName?: string) {
  return { applications: (await listApplications(db, strategyName)).map(applicationView) };
}

const applicationNotFound = (appName: string) => notFound(`Could not find appName=${appName}`);

async function requireApplication(db: Db, appName: string, forUpdate = false): Promise<ApplicationRow> {
  const row = await findApplication(db, appName, forUpdate);
  if (!row) throw applicationNotFound(appName);
  return row;
}

/** Names per read of the toggles an application saw (each one bound parameter; PostgreSQL allows 65535). */
const NAMES_PER_READ = 5000;

/** The live toggles among `names`, by name: one read per NAMES_PER_READ names, not one per toggle. */
async function liveTogglesNamed(db: Db, names: string[]) {
  const reads = [];
  for (let i = 0; i < names.length; i += NAMES_PER_READ)
    reads.push(liveFeatures(db, { names: names.slice(i, i + NAMES_PER_READ) }));
  return new Map((await Promise.all(reads)).flat().map((f) => [f.name, f]));
}

/**
 * GET api/admin/metrics/applications/{appName}: the metadata, the strategy definitions it uses and the live toggles
 * it used in the last hour (`{name, notFound: true}` for one the server does not know), and its instances.
 */
export async function applicationDetail(db: Db, appName: string) {
  const app = await requireApplication(db, appName);
  const [definitions, instances, usage] = await Promise.all([
    listStrategies(db),
    instancesOf(db, appName, instancesWindow()),
    lastHourUsage(db, { appName }),
  ]);
  const byName = new Map(definitions.map((d) => [d.name, strategyView(d)]));
  const seenNames = distinct(usage.map((r) => r.featureName));
  const toggles = await liveTogglesNamed(db, seenNames);
  return {
    appName: app.appName,
    createdAt: app.createdAt,
    description: app.description,
    url: app.url,
    color: app.color,
    icon: app.icon,
    strategies: app.strategies.map((name) => byName.get(name) ?? { name, notFound: true as const }),
    instances: instances.map(instanceView),
    seenToggles: seenNames.map((name) => {
      const toggle = toggles.get(name);
      return toggle ? seenToggleView(toggle) : { name, notFound: true as const };
    }),
    links: { self: `/api/admin/metrics/applications/${encodeURIComponent(app.appName)}` },
  };
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
      ...beforeAndAfter(applicationEventData, before, after),
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
      preData: applicationEventData(before),
    });
  });
}
