// bench/client-change: what one change costs the client API. A client token's snapshot is warm, then 50 toggles
// are flipped through the admin API one at a time; meanwhile GET /health is polled every ~5 ms (its latency is what
// every other request waits), the server's own event-loop delay is measured (bench/loop-probe.mjs), and an SDK polls
// GET api/client/features with If-None-Match until the changed answer comes. Baseline in the same run: the same
// health polling with no flips. Targets with 10,000 toggles: no flip's worst health latency or loop delay over 50 ms.
import { request } from 'node:http';
import { resolve } from 'node:path';
import { startServer, type RunningServer } from '../tests/support/server.ts';
import { adminCookie, rolloutToggle, seedToggles, sessionHeaders } from './support.ts';

const FLIPS = Number(process.env.BENCH_FLIPS ?? 50);
/** BENCH_TOGGLES=1000 or 10000 runs only that part. */
const PARTS = process.env.BENCH_TOGGLES ? process.env.BENCH_TOGGLES.split(',').map(Number) : [1000, 10_000];
const CLIENT_TOKEN = '*:default.bench-client-token-0123456789';
const POLL_MS = 5;
const STALL_TARGET_MS = 50;

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

async function part(count: number): Promise<boolean> {
  const probe = resolve(import.meta.dirname, 'loop-probe.mjs');
  const server = await startServer({
    INIT_CLIENT_API_TOKENS: CLIENT_TOKEN,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
  });
  try {
    const cookie = await adminCookie(server.url);
    const seeding = Date.now();
    await seedToggles(server.url, cookie, count, rolloutToggle);
    console.log(`  ${count} toggles seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);
    const features = `${server.url}/api/client/features`;
    const sdk = { authorization: CLIENT_TOKEN, 'accept-encoding': 'gzip' };
    let etag = (await get(features, sdk)).etag!;
    await sleep(500);

    await loopDelay(server);
    const idle = pollHealth(server.url);
    await sleep(3000);
    const idleHealth = await idle.stop();
    const idleLoop = await loopDelay(server);

    const worst: number[] = [];
    const all: number[] = [];
    const loops: number[] = [];
    const changed: number[] = [];
    for (let i = 0; i < FLIPS; i++) {
      const name = rolloutToggle(Math.floor((i * count) / FLIPS)).name;
      await loopDelay(server);
      const health = pollHealth(server.url);
      await sleep(20);
      const start = performance.now();
      const flip = fetch(`${server.url}/api/admin/features/${name}/toggle`, {
        method: 'POST',
        headers: sessionHeaders(cookie),
      });
      // The SDK polls from the moment the flip is sent: its first answer that differs is the change reaching it.
      for (;;) {
        const answer = await get(features, { ...sdk, 'if-none-match': etag });
        if (answer.status === 200 && answer.etag !== etag) {
          changed.push(performance.now() - start);
          etag = answer.etag!;
          break;
        }
        if (answer.status !== 304) throw new Error(`client features answered ${answer.status}`);
      }
      const flipped = await flip;
      if (flipped.status !== 200) throw new Error(`the flip answered ${flipped.status}`);
      await sleep(100);
      const latencies = await health.stop();
      worst.push(Math.max(...latencies));
      all.push(...latencies);
      loops.push((await loopDelay(server)).max);
    }

    console.log(`  ${count} toggles, ${FLIPS} flips one at a time (GET /health polled every ~${POLL_MS} ms)`);
    console.log(
      `    no flips (baseline)     health p99 ${ms(percentile(idleHealth, 99))}, worst ${ms(Math.max(...idleHealth))}` +
        `; loop delay at most ${ms(idleLoop.max)}`,
    );
    console.log(
      `    during flips            health p99 ${ms(percentile(all, 99))}, worst per flip p50 ${ms(percentile(worst, 50))}` +
        ` max ${ms(Math.max(...worst))}`,
    );
    console.log(
      `    server loop delay       per flip p50 ${ms(percentile(loops, 50))}, p99 ${ms(percentile(loops, 99))}` +
        `, max ${ms(Math.max(...loops))}`,
    );
    console.log(
      `    flip -> changed GET api/client/features  p50 ${ms(percentile(changed, 50))}, p99 ${ms(percentile(changed, 99))}`,
    );
    return count < 10_000 || (Math.max(...worst) <= STALL_TARGET_MS && Math.max(...loops) <= STALL_TARGET_MS);
  } finally {
    await server.stop();
  }
}

export async function clientChangeBench(): Promise<boolean> {
  console.log('bench/client-change (a flip through the admin API, with a client token polling, gzip)');
  const results: boolean[] = [];
  for (const count of [1000, 10_000].filter((c) => PARTS.includes(c))) results.push(await part(count));
  return results.every(Boolean);
}
