import { createHash } from 'node:crypto';
import type { MetricsReport, Registration } from '../../contract/client-api.ts';
import type { ApiTokenRow } from '../api-tokens/index.ts';
import type { AppDeps } from '../deps.ts';
import { findEnvironment } from '../environments/index.ts';
import { CLASSIC_ENV, environmentState, liveFeatures, markFeaturesSeen } from '../features/index.ts';
import type { Db } from '../platform/db/client.ts';
import { notFound } from '../platform/http/errors.ts';
import { addHourlyCounts, upsertApplication, upsertInstance } from './store.ts';
import { clientFeature } from './views.ts';

export interface ClientQuery {
  namePrefix?: string;
  tag?: Array<[string, string]>;
  project?: string[];
  environment?: string;
}

/**
 * What a token may see: its environment chooses the strategies served (`*` and admin tokens: the environment asked
 * for, else `default`); a project-scoped token sees only its project. Returns the effective filter and the `query`
 * echoed to the SDK (null when nothing narrows the answer, as Unleash).
 */
export function scopeQuery(token: ApiTokenRow, asked: ClientQuery) {
  const query: ClientQuery = { ...asked };
  if (token.environment !== '*') query.environment = token.environment;
  if (token.project !== '*')
    query.project = asked.project ? asked.project.filter((p) => p === token.project) : [token.project];
  const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ClientQuery;
  return {
    filter: { ...defined, environment: defined.environment ?? CLASSIC_ENV },
    echo: Object.keys(defined).length > 0 ? defined : null,
  };
}

/**
 * The toggles an SDK evaluates: Unleash's client shape (strategies without ids, no timestamps). In an environment
 * that is disabled (globally), every toggle is off.
 */
export async function clientFeatures(db: Db, filter: ClientQuery & { environment: string }, names?: string[]) {
  const environment = await findEnvironment(db, filter.environment);
  if (!environment && filter.environment !== CLASSIC_ENV) {
    throw notFound(`Could not find environment with name: ${filter.environment}`);
  }
  const environmentOn = environment?.enabled ?? true;
  const rows = await liveFeatures(db, {
    projects: filter.project,
    namePrefix: filter.namePrefix,
    tags: filter.tag,
    names,
  });
  const state = await environmentState(db, rows, filter.environment);
  return rows.map((f) => {
    const served = state(f.name);
    return clientFeature(f, { ...served, enabled: environmentOn && served.enabled });
  });
}

/** clientFeatures as of one moment: every table read in one read-only REPEATABLE READ transaction. */
export function clientFeaturesAtOnce(deps: AppDeps, filter: ClientQuery & { environment: string }) {
  return deps.db.transaction((tx) => clientFeatures(tx, filter), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** A weak ETag of a response body, in express's format W/"<length hex>-<sha1 base64>". */
export function weakEtag(body: string): string {
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${Buffer.byteLength(body).toString(16)}-${hash}"`;
}

/** The environment metrics and registrations are counted in: the token's, else the one reported, else default. */
const reportEnvironment = (token: ApiTokenRow, reported?: string) =>
  token.environment !== '*' ? token.environment : (reported ?? CLASSIC_ENV);

export async function register(deps: AppDeps, token: ApiTokenRow, input: Registration, clientIp: string) {
  await deps.db.transaction(async (tx) => {
    await upsertApplication(tx, { appName: input.appName, strategies: input.strategies, createdBy: clientIp });
    await upsertInstance(tx, {
      appName: input.appName,
      instanceId: input.instanceId,
      environment: reportEnvironment(token, input.environment),
      sdkVersion: input.sdkVersion ?? null,
      clientIp,
    });
  });
}

const HOUR = 60 * 60 * 1000;

/** Adds a bucket's counts to the hourly totals and marks the reported toggles as seen. */
export async function recordMetrics(deps: AppDeps, token: ApiTokenRow, input: MetricsReport, clientIp: string) {
  const environment = reportEnvironment(token, input.environment);
  const start = new Date(input.bucket.start);
  const hour = new Date(Math.floor(start.getTime() / HOUR) * HOUR);
  const counts = Object.entries(input.bucket.toggles).map(([featureName, c]) => ({
    featureName,
    appName: input.appName,
    environment,
    hour,
    yes: c.yes,
    no: c.no,
  }));
  const seen = counts.filter((c) => c.yes + c.no > 0).map((c) => c.featureName);
  const stop = new Date(input.bucket.stop);
  const seenAt = stop.getTime() > Date.now() ? new Date() : stop;
  await deps.db.transaction(async (tx) => {
    await addHourlyCounts(tx, counts);
    await markFeaturesSeen(tx, seen, seenAt);
    await upsertInstance(tx, { appName: input.appName, instanceId: input.instanceId, environment, clientIp });
  });
}
