// bench/bulk: turning many toggles off at once on the real server (`npm start`'s process, PGlite), through the API.
//  - bulk: one POST api/admin/projects/default/bulk_features/environments/development/off naming 1,000 toggles
//    (BENCH_BULK_TOGGLES), all on before: its time, then the client API's freshness after it (from the call's answer
//    until an SDK polling GET api/client/features with If-None-Match gets an answer with all of them off).
//  - baseline in the same run: the same toggles turned off one call each (POST .../features/{name}/environments/
//    development/off, one after another), its time and the freshness after the last answer.
// Median of BENCH_BULK_ROUNDS rounds (3); between rounds every toggle is turned on again (one bulk call, not timed).
import { startServer } from '../tests/support/server.ts';
import { adminCookie, median, sessionHeaders } from './support.ts';

const COUNT = Number(process.env.BENCH_BULK_TOGGLES ?? 1000);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const CLIENT_TOKEN = 'default:development.bench-bulk-token-0123456789';
const PROJECT = 'api/admin/projects/default';
/** How many toggles one import request carries (the import takes at most 1000). */
const IMPORT_BATCH = 1000;

const name = (i: number) => `bench.bulk-${String(i).padStart(5, '0')}`;

export async function bulkBench(): Promise<boolean> {
  const server = await startServer({ LOG_LEVEL: 'warn', INIT_CLIENT_API_TOKENS: CLIENT_TOKEN });
  try {
    const cookie = await adminCookie(server.url);
    const admin = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}/${path}`, {
        method,
        headers: { ...sessionHeaders(cookie), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    };
    const names = Array.from({ length: COUNT }, (_, i) => name(i));
    for (let from = 0; from < COUNT; from += IMPORT_BATCH) {
      const batch = names.slice(from, from + IMPORT_BATCH);
      await admin('POST', 'api/admin/features-batch/import', {
        project: 'default',
        environment: 'development',
        data: {
          features: batch.map((feature) => ({ name: feature, type: 'release', project: 'default' })),
          featureStrategies: batch.map((featureName) => ({ name: 'default', featureName })),
          featureEnvironments: batch.map((feature) => ({ name: feature, environment: 'development', enabled: true })),
        },
      });
    }

    let etag = '';
    /** Polls the client API (If-None-Match: the last ETag) until an answer has every benchmark toggle off. */
    const allOffAfter = async (answered: number) => {
      for (;;) {
        const response = await fetch(`${server.url}/api/client/features`, {
          headers: { authorization: CLIENT_TOKEN, 'if-none-match': etag },
        });
        if (response.status === 200) {
          etag = response.headers.get('etag') ?? '';
          const { features } = (await response.json()) as { features: Array<{ name: string; enabled: boolean }> };
          const on = features.filter((feature) => feature.name.startsWith('bench.bulk-') && feature.enabled);
          if (on.length === 0) return performance.now() - answered;
        } else {
          await response.arrayBuffer();
        }
      }
    };
    const allOn = async () => {
      await admin('POST', `${PROJECT}/bulk_features/environments/development/on`, { features: names });
      const response = await fetch(`${server.url}/api/client/features`, { headers: { authorization: CLIENT_TOKEN } });
      etag = response.headers.get('etag') ?? '';
      await response.arrayBuffer();
    };

    const bulkMs: number[] = [];
    const bulkFresh: number[] = [];
    const oneByOneMs: number[] = [];
    const oneByOneFresh: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await allOn();
      let start = performance.now();
      await admin('POST', `${PROJECT}/bulk_features/environments/development/off`, { features: names });
      let answered = performance.now();
      bulkMs.push(answered - start);
      bulkFresh.push(await allOffAfter(answered));

      await allOn();
      start = performance.now();
      for (const feature of names) await admin('POST', `${PROJECT}/features/${feature}/environments/development/off`);
      answered = performance.now();
      oneByOneMs.push(answered - start);
      oneByOneFresh.push(await allOffAfter(answered));
    }

    const bulk = median(bulkMs);
    const oneByOne = median(oneByOneMs);
    console.log(`bench/bulk (real server, PGlite, median of ${ROUNDS} rounds)`);
    console.log(
      `  bulk: ${COUNT} toggles off in development in one call: ${bulk.toFixed(0)} ms; an SDK poll had them all ` +
        `off ${median(bulkFresh).toFixed(0)} ms after its answer`,
    );
    console.log(
      `  baseline: the same ${COUNT} off one call each: ${oneByOne.toFixed(0)} ms (${(oneByOne / COUNT).toFixed(1)} ms ` +
        `a call; the bulk call x${(bulk / oneByOne).toFixed(3)}); an SDK poll had them all off ` +
        `${median(oneByOneFresh).toFixed(0)} ms after the last answer`,
    );
    return bulk < oneByOne;
  } finally {
    await server.stop();
  }
}
