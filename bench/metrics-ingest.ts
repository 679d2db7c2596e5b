// bench/metrics-ingest: what lifecycle tracking costs the storing of SDKs' metrics (POST api/client/metrics). In one
// process, on PGlite (as `npm start` opens it) and on PostgreSQL, 1000 toggles, each report naming 100 of them:
//  - without lifecycle: the baseline, recordMetrics' transaction with only the last-seen update of the lifecycle's
//    statement (which runs that update in its WITH): hourly counts, last seen, the instance;
//  - with lifecycle: recordMetrics itself, once every toggle entered its stage (what nearly every report meets);
//  - entering: recordMetrics for reports whose 100 toggles each enter a stage (once in a toggle's life, told apart).
// Reports are stored one after another; the rounds of the first two alternate, after a warm-up, and each one's best
// round counts (as bench/client-api: a busy machine only ever slows a round down).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { MetricsReport } from '../contract/client-api.ts';
import type { ApiTokenRow } from '../server/api-tokens/index.ts';
import { metricsRecord, recordMetrics } from '../server/client-api/service.ts';
import { parseConfig } from '../server/config.ts';
import { createDeps, type AppDeps } from '../server/deps.ts';
import { markFeaturesSeen } from '../server/features/index.ts';
import { createFeature } from '../server/features/toggles/service.ts';
import { addHourlyCounts, upsertInstance } from '../server/metrics/index.ts';
import { startDatabase, type Database } from '../server/platform/db/client.ts';
import { startPostgresCluster } from '../server/test-support/postgres-cluster.ts';

const TOGGLES = 1000;
/** Toggles that enter their stages during the measure: each once in development (pre-live), once in production. */
const FRESH = 1000;
const PER_REPORT = 100;
const REPORTS = Number(process.env.BENCH_REPORTS ?? 100);
const ROUNDS = 8;
const TARGET = 0.9;

const nameOf = (i: number) => `bench.toggle-${String(i).padStart(5, '0')}`;
const freshName = (i: number) => `bench.fresh-${String(i).padStart(5, '0')}`;
const tokenIn = (environment: string) => ({ environment, project: '*' }) as ApiTokenRow;

/** The i-th report: the next PER_REPORT names, a one-minute bucket ending now. */
function report(names: string[], i: number): MetricsReport {
  const first = (i * PER_REPORT) % names.length;
  const stop = new Date();
  return {
    appName: 'bench-app',
    instanceId: 'bench-instance',
    bucket: {
      start: new Date(stop.getTime() - 60_000).toISOString(),
      stop: stop.toISOString(),
      toggles: Object.fromEntries(names.slice(first, first + PER_REPORT).map((name) => [name, { yes: 9, no: 1 }])),
    },
  };
}

/**
 * The report's writes without the lifecycle's: recordMetrics' transaction with the last-seen update run as the
 * lifecycle's statement runs it (in a WITH, nothing sent back) but no stage entered.
 */
async function recordWithoutLifecycle(deps: AppDeps, token: ApiTokenRow, input: MetricsReport) {
  const { environment, counts, seen, seenAt } = metricsRecord(token, input);
  await deps.db.transaction(async (tx) => {
    await addHourlyCounts(tx, counts);
    await tx.execute(sql`with seen as ${markFeaturesSeen(tx, seen, seenAt)} select count(*) from seen`);
    await upsertInstance(tx, { appName: input.appName, instanceId: input.instanceId, environment, clientIp: 'b' });
  });
}

type Recorder = (deps: AppDeps, token: ApiTokenRow, input: MetricsReport) => Promise<void>;
const withLifecycle: Recorder = (deps, token, input) => recordMetrics(deps, token, input, 'b');

/** Stores `count` reports one after another; the seconds they took. */
async function store(deps: AppDeps, record: Recorder, token: ApiTokenRow, names: string[], count: number) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await record(deps, token, report(names, i));
  return (performance.now() - started) / 1000;
}

async function measure(label: string, database: Database): Promise<boolean> {
  const deps = createDeps(parseConfig({}), database.db);
  const started = Date.now();
  const names = Array.from({ length: TOGGLES }, (_, i) => nameOf(i));
  const fresh = Array.from({ length: FRESH }, (_, i) => freshName(i));
  for (const name of [...names, ...fresh]) await createFeature(deps, 'bench', 'default', { name }, false);
  console.log(`  ${label}: seeded ${TOGGLES + FRESH} toggles in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const development = tokenIn('development');
  // Warm-up, which also has every toggle of `names` enter pre-live.
  await store(deps, withLifecycle, development, names, TOGGLES / PER_REPORT);
  await store(deps, recordWithoutLifecycle, development, names, TOGGLES / PER_REPORT);
  const seconds = { without: [] as number[], with: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    seconds.without.push(await store(deps, recordWithoutLifecycle, development, names, REPORTS));
    seconds.with.push(await store(deps, withLifecycle, development, names, REPORTS));
  }
  const enteringReports = FRESH / PER_REPORT;
  const entering =
    (await store(deps, withLifecycle, development, fresh, enteringReports)) +
    (await store(deps, withLifecycle, tokenIn('production'), fresh, enteringReports));
  const rate = (reports: number, s: number) => reports / s;
  const without = rate(REPORTS, Math.min(...seconds.without));
  const withRate = rate(REPORTS, Math.min(...seconds.with));
  const enteringRate = rate(2 * enteringReports, entering);
  const ratio = withRate / without;
  const line = (name: string, r: number) =>
    `    ${name.padEnd(34)} ${r.toFixed(0).padStart(5)} reports/s  ${((r * PER_REPORT) / 1000).toFixed(1)}k counts/s`;
  console.log(`  ${label}, ${PER_REPORT} toggles a report, best of ${ROUNDS} alternating rounds of ${REPORTS} reports`);
  console.log(line('without lifecycle', without));
  console.log(`${line('with lifecycle (stages entered)', withRate)}  ${ratio.toFixed(2)}x (target >= ${TARGET}x)`);
  console.log(
    `${line(`entering (${2 * enteringReports} reports)`, enteringRate)}  ${(enteringRate / without).toFixed(2)}x`,
  );
  return ratio >= TARGET;
}

export async function metricsIngestBench(): Promise<boolean> {
  console.log('metrics-ingest: storing SDK metrics, with lifecycle tracking against without it');
  const results: boolean[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-bench-metrics-'));
  const pglite = await startDatabase({ dataDir });
  try {
    await pglite.ready;
    results.push(await measure('PGlite', pglite));
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const cluster = await startPostgresCluster();
  try {
    const postgres = await startDatabase({ databaseUrl: cluster.url, dataDir: '' });
    try {
      results.push(await measure('PostgreSQL', postgres));
    } finally {
      await postgres.close();
    }
  } finally {
    cluster.stop();
  }
  return results.every(Boolean);
}
