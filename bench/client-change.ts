// bench/client-change: what one change costs the client API. Two SDKs' snapshots are warm (segments inlined, and by
// id as SDKs of client specification 4.2.0 and later take them), then changes are made through the admin API one at
// a time: toggles flipped, a toggle using a segment flipped, a segment edited, a strategy definition edited, another
// environment turned off or on (read whole: an environment's state is served) and the environments reordered.
// Meanwhile GET /health is polled every ~5 ms (its latency is what every other request waits), the server's own
// event-loop delay is measured (bench/loop-probe.mjs), and both SDKs poll GET api/client/features with If-None-Match
// until the answer after the change comes. Baseline in the same run: the same health polling with no changes.
// Target with 10,000 toggles: no change's worst health latency or loop delay over 50 ms.
import { request } from 'node:http';
import { resolve } from 'node:path';
import { startServer, type RunningServer } from '../tests/support/server.ts';
import { adminCookie, rolloutToggle, sessionHeaders } from './support.ts';

const FLIPS = Number(process.env.BENCH_FLIPS ?? 50);
/** How many times each change that is read whole is made. */
const REBUILDS = Number(process.env.BENCH_REBUILDS ?? 10);
/** BENCH_TOGGLES=1000 or 10000 runs only that part. */
const PARTS = process.env.BENCH_TOGGLES ? process.env.BENCH_TOGGLES.split(',').map(Number) : [1000, 10_000];
const CLIENT_TOKEN = '*:default.bench-client-token-0123456789';
const POLL_MS = 5;
const STALL_TARGET_MS = 50;
/** How many toggles use the segment (a strategy naming it added to each). */
const SEGMENTED = 20;

interface Answer {
  status: number;
  etag: string | undefined;
}

/** One GET, its body read and dropped; resolves with the status and ETag. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    request(url, { headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => done({ status: response.statusCode ?? 0, etag: response.headers.etag }));
    })
      .on('error', fail)
      .end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET /health one request at a time, ~5 ms apart, until stopped; resolves with each request's latency. */
function pollHealth(url: string) {
  let running = true;
  const latencies = (async () => {
    const times: number[] = [];
    while (running) {
      const start = performance.now();
      await get(`${url}/health`, {});
      times.push(performance.now() - start);
      await sleep(POLL_MS);
    }
    return times;
  })();
  return {
    stop: async () => {
      running = false;
      return latencies;
    },
  };
}

/** The server's event-loop delay since the last call (bench/loop-probe.mjs answers SIGUSR2 on stderr). */
async function loopDelay(server: RunningServer): Promise<{ max: number; p99: number }> {
  const before = server.output().split('loop-delay ').length;
  process.kill(server.pid, 'SIGUSR2');
  for (;;) {
    const parts = server.output().split('loop-delay ');
    if (parts.length > before) return JSON.parse(parts[before].split('\n')[0]) as { max: number; p99: number };
    await sleep(5);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

/** An SDK polling GET api/client/features: its headers and the ETag of the answer it has. */
interface Sdk {
  headers: Record<string, string>;
  etag: string;
}

/** How many toggles one import request carries (the import takes at most 1000). */
const IMPORT_BATCH = 1000;

/**
 * Creates `count` toggles as bench/support's rolloutToggle (enabled in default, a gradual rollout with a constraint,
 * two variants) through the import API, a thousand a request: creating 10,000 one by one took 20 minutes on a busy
 * machine.
 */
async function importToggles(
  admin: (method: string, path: string, body?: unknown) => Promise<Response>,
  count: number,
) {
  for (let from = 0; from < count; from += IMPORT_BATCH) {
    const toggles = Array.from({ length: Math.min(IMPORT_BATCH, count - from) }, (_, i) => rolloutToggle(from + i));
    await admin('POST', 'api/admin/features-batch/import', {
      project: 'default',
      environment: 'default',
      data: {
        features: toggles.map(({ name, description, type }) => ({ name, description, type, project: 'default' })),
        featureStrategies: toggles.flatMap(({ name, strategies }) =>
          strategies.map((strategy) => ({ ...strategy, featureName: name })),
        ),
        featureEnvironments: toggles.map(({ name, enabled, variants }) => ({
          name,
          environment: 'default',
          enabled,
          variants,
        })),
      },
    });
  }
}

/** A kind of change: how it is made, and whether the SDKs' answers change with it. */
interface Change {
  what: string;
  times: number;
  make(i: number): Promise<Response>;
  changesAnswers: boolean;
}

/** What the changes of one kind cost: per change, the worst health wait, the loop delay, the answer's delay. */
interface Cost {
  what: string;
  health: number[];
  worst: number[];
  loops: number[];
  answered: number[];
}

async function part(count: number): Promise<boolean> {
  const probe = resolve(import.meta.dirname, 'loop-probe.mjs');
  const server = await startServer({
    INIT_CLIENT_API_TOKENS: CLIENT_TOKEN,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
  });
  try {
    const cookie = await adminCookie(server.url);
    const admin = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}/${path}`, {
        method,
        headers: { ...sessionHeaders(cookie), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`);
      return response;
    };
    const seeding = Date.now();
    await importToggles(admin, count);
    const segment = await admin('POST', 'api/admin/segments', {
      name: 'bench-beta',
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['beta'] }],
    });
    const segmentId = ((await segment.json()) as { id: number }).id;
    const segmented = (i: number) => rolloutToggle(Math.floor((i * count) / SEGMENTED) + 1).name;
    for (let i = 0; i < SEGMENTED; i++) {
      const path = `api/admin/projects/default/features/${segmented(i)}/environments/default/strategies`;
      await admin('POST', path, { name: 'default', segments: [segmentId] });
    }
    await admin('POST', 'api/admin/strategies', { name: 'bench-strategy', description: 'for the bench' });
    console.log(`  ${count} toggles seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);

    const features = `${server.url}/api/client/features`;
    const sdks: Sdk[] = [
      { headers: { authorization: CLIENT_TOKEN, 'accept-encoding': 'gzip' }, etag: '' },
      { headers: { authorization: CLIENT_TOKEN, 'accept-encoding': 'gzip', 'unleash-client-spec': '5.0.0' }, etag: '' },
    ];
    for (const sdk of sdks) sdk.etag = (await get(features, sdk.headers)).etag!;
    await sleep(500);

    await loopDelay(server);
    const idle = pollHealth(server.url);
    await sleep(3000);
    const idleHealth = await idle.stop();
    const idleLoop = await loopDelay(server);

    /**
     * Makes a change while the health check is polled and the SDKs poll from the moment it is sent: the first answer
     * that differs (or, when the answers stay the same, the first one asked after the change was made) is the change
     * reaching them.
     */
    const measure = async (change: Change, cost: Cost, i: number) => {
      await loopDelay(server);
      const health = pollHealth(server.url);
      await sleep(20);
      const start = performance.now();
      let made = false;
      const making = change.make(i).then(() => (made = true));
      await Promise.all(
        sdks.map(async (sdk) => {
          for (;;) {
            const asked = made;
            const answer = await get(features, { ...sdk.headers, 'if-none-match': sdk.etag });
            if (answer.status !== 200 && answer.status !== 304) throw new Error(`answered ${answer.status}`);
            if (answer.status === 200 && answer.etag !== sdk.etag) {
              sdk.etag = answer.etag!;
              if (change.changesAnswers) break;
            }
            if (!change.changesAnswers && asked) break;
          }
        }),
      );
      cost.answered.push(performance.now() - start);
      await making;
      await sleep(100);
      const latencies = await health.stop();
      cost.worst.push(Math.max(...latencies));
      cost.health.push(...latencies);
      cost.loops.push((await loopDelay(server)).max);
    };

    const environments = ['development', 'production'];
    const changes: Change[] = [
      {
        what: 'flip a toggle',
        times: FLIPS,
        changesAnswers: true,
        make: (i) => admin('POST', `api/admin/features/${rolloutToggle(Math.floor((i * count) / FLIPS)).name}/toggle`),
      },
      {
        what: 'flip a toggle using the segment',
        times: REBUILDS,
        changesAnswers: true,
        make: (i) => admin('POST', `api/admin/features/${segmented(i % SEGMENTED)}/toggle`),
      },
      {
        what: 'edit the segment',
        times: REBUILDS,
        changesAnswers: true,
        make: (i) =>
          admin('PUT', `api/admin/segments/${segmentId}`, {
            name: 'bench-beta',
            constraints: [{ contextName: 'appName', operator: 'IN', values: ['beta', `beta-${i}`] }],
          }),
      },
      {
        what: 'edit a strategy definition',
        times: REBUILDS,
        changesAnswers: false,
        make: (i) => admin('PUT', 'api/admin/strategies/bench-strategy', { description: `for the bench, ${i}` }),
      },
      {
        what: 'turn another environment off or on',
        times: REBUILDS,
        changesAnswers: false,
        make: (i) => admin('POST', `api/admin/environments/development/${i % 2 === 0 ? 'off' : 'on'}`),
      },
      {
        what: 'reorder the environments',
        times: REBUILDS,
        changesAnswers: false,
        make: (i) => admin('PUT', 'api/admin/environments/sort-order', { [environments[i % 2]]: 10 + i }),
      },
    ];
    const costs: Cost[] = [];
    for (const change of changes) {
      const cost: Cost = { what: change.what, health: [], worst: [], loops: [], answered: [] };
      for (let i = 0; i < change.times; i++) await measure(change, cost, i);
      costs.push(cost);
    }

    console.log(`  ${count} toggles, changes one at a time (GET /health polled every ~${POLL_MS} ms)`);
    console.log(
      `    ${'no changes (baseline)'.padEnd(34)} health p99 ${ms(percentile(idleHealth, 99))}, worst ` +
        `${ms(Math.max(...idleHealth))}; loop delay at most ${ms(idleLoop.max)}`,
    );
    for (const cost of costs) {
      console.log(
        `    ${`${cost.what} (x${cost.worst.length})`.padEnd(34)} health p99 ${ms(percentile(cost.health, 99))}, ` +
          `worst per change p50 ${ms(percentile(cost.worst, 50))} max ${ms(Math.max(...cost.worst))}; loop delay ` +
          `per change p50 ${ms(percentile(cost.loops, 50))} max ${ms(Math.max(...cost.loops))}; both SDKs answered ` +
          `p50 ${ms(percentile(cost.answered, 50))} max ${ms(Math.max(...cost.answered))}`,
      );
    }
    const stalls = costs.flatMap((cost) => [...cost.worst, ...cost.loops]);
    return count < 10_000 || Math.max(...stalls) <= STALL_TARGET_MS;
  } finally {
    await server.stop();
  }
}

export async function clientChangeBench(): Promise<boolean> {
  console.log('bench/client-change (changes through the admin API; two client SDKs polling, gzip)');
  const results: boolean[] = [];
  for (const count of [1000, 10_000].filter((c) => PARTS.includes(c))) results.push(await part(count));
  return results.every(Boolean);
}
