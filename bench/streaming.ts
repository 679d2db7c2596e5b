// bench/streaming: how soon a change reaches SDKs that stream (GET api/client/streaming) against SDKs that poll, in
// the same run: the official Node SDK in streaming mode, on one process with PGlite and with two processes on one
// PostgreSQL (the change made through the other one); then 5,000 streams held by one process. And OFREP's bulk
// evaluation against the frontend API's, for the same token, toggles and context.
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Unleash } from 'unleash-client';
import { startPostgresCluster } from '../server/test-support/postgres-cluster.ts';
import { startServer, type RunningServer } from '../tests/support/server.ts';
import { adminCookie, rolloutToggle, seedToggles, sessionHeaders } from './support.ts';

const CLIENT_TOKEN = '*:default.bench-streaming-token-0123456789';
const TOGGLES = 1000;
const FLIPS = Number(process.env.BENCH_STREAMING_FLIPS ?? 50);
/** Flips measured for polling SDKs (each waits for the next poll: 7.5 s on average). */
const POLLED_FLIPS = Number(process.env.BENCH_POLLED_FLIPS ?? 4);
/** How often the official SDK polls by default. */
const POLL_MS = 15_000;
const CROWD = Number(process.env.BENCH_STREAMS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLIPPED = 'bench.toggle-00001'; // enabled with a 100% rollout for the context the bench evaluates

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** A toggle that is on for everyone when enabled: the SDK's isEnabled follows each flip. */
const benchToggle = (i: number) =>
  i === 1
    ? { ...rolloutToggle(i), strategies: [{ name: 'default', parameters: {}, constraints: [] }] }
    : rolloutToggle(i);

/** Turns the flipped toggle on or off through the admin API, as the on-call engineer's console does. */
async function flip(url: string, cookie: string, on: boolean) {
  const response = await fetch(`${url}/api/admin/features/${FLIPPED}/toggle/${on ? 'on' : 'off'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sessionHeaders(cookie) },
    body: '{}',
  });
  if (response.status !== 200) throw new Error(`flip answered ${response.status}`);
}

async function startSdk(url: string, streaming: boolean): Promise<Unleash> {
  const { Unleash } = await import('unleash-client');
  const sdk = new Unleash({
    appName: 'bench-streaming',
    url: `${url}/api/`,
    customHeaders: { Authorization: CLIENT_TOKEN },
    refreshInterval: POLL_MS,
    disableMetrics: true,
    storageProvider: { set: async () => {}, get: async () => undefined },
    experimentalMode: streaming ? { type: 'streaming' } : { type: 'polling', format: 'full' },
  });
  sdk.on('error', () => {});
  await new Promise<void>((resolve) => sdk.once('synchronized', () => resolve()));
  return sdk;
}

/**
 * Milliseconds from each flip (through `changeUrl`) until the SDK's isEnabled follows it. Each flip waits a random
 * time up to `phase` first, so that flips do not fall in step with a polling SDK's requests.
 */
async function flipToSdk(sdk: Unleash, changeUrl: string, cookie: string, flips: number, phase = 150) {
  const took: number[] = [];
  for (let i = 0; i < flips; i++) {
    await sleep(Math.random() * phase);
    const on = !sdk.isEnabled(FLIPPED);
    const seen = new Promise<number>((resolve) => {
      const check = () => {
        if (sdk.isEnabled(FLIPPED) === on) {
          sdk.off('changed', check);
          resolve(performance.now());
        }
      };
      sdk.on('changed', check);
    });
    const started = performance.now();
    await flip(changeUrl, cookie, on);
    took.push((await seen) - started);
  }
  return took;
}

interface Latency {
  p50: number;
  p99: number;
}

async function measureStreaming(sdkUrl: string, changeUrl: string, cookie: string): Promise<Latency> {
  const sdk = await startSdk(sdkUrl, true);
  try {
    const took = await flipToSdk(sdk, changeUrl, cookie, FLIPS);
    return { p50: percentile(took, 50), p99: percentile(took, 99) };
  } finally {
    sdk.destroy();
  }
}

async function measurePolling(url: string, cookie: string): Promise<number> {
  const sdk = await startSdk(url, false);
  try {
    const took = await flipToSdk(sdk, url, cookie, POLLED_FLIPS, POLL_MS);
    return took.reduce((a, b) => a + b, 0) / took.length;
  } finally {
    sdk.destroy();
  }
}

async function seeded(server: RunningServer): Promise<string> {
  const cookie = await adminCookie(server.url);
  await seedToggles(server.url, cookie, TOGGLES, benchToggle);
  return cookie;
}

/** The ETag of the client API's current state for the bench's token (a stream resumed from it sends nothing). */
async function currentState(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/client/delta`, { headers: { authorization: CLIENT_TOKEN } });
  await answer.arrayBuffer();
  return answer.headers.get('etag')!;
}

/** CPU time a process has used (user and system), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * A light SSE reader: a raw socket that asks for the stream resumed from `state` (so it is sent no hydration) and
 * counts the `unleash-updated` messages it receives.
 */
function lightStream(url: URL, state: string): Promise<{ socket: Socket; updates: () => number }> {
  return new Promise((resolve, reject) => {
    let updates = 0;
    let tail = '';
    let opened = false;
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `GET ${url.pathname.replace(/\/$/, '')}/api/client/streaming HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Authorization: ${CLIENT_TOKEN}\r\nLast-Event-ID: ${state}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      if (!opened) {
        // The stream's head: it is open on the server's side.
        opened = true;
        if (!chunk.startsWith('HTTP/1.1 200')) reject(new Error(`stream refused: ${chunk.slice(0, 200)}`));
        resolve({ socket, updates: () => updates });
      }
      const text = tail + chunk;
      updates += text.split('event: unleash-updated').length - 1;
      tail = text.slice(-32).includes('event: unleash-updated') ? '' : text.slice(-32);
    });
    socket.on('error', reject);
  });
}

async function crowd(): Promise<boolean> {
  const server = await startServer({
    INIT_CLIENT_API_TOKENS: CLIENT_TOKEN,
    STREAMING_MAX_CONNECTIONS: String(CROWD + 10),
  });
  try {
    const cookie = await seeded(server);
    const url = new URL(server.url);
    const state = await currentState(server.url);
    const idle = rssMiB(server.pid);
    const streams: Array<Awaited<ReturnType<typeof lightStream>>> = [];
    for (let i = 0; i < CROWD; i += 100) {
      streams.push(
        ...(await Promise.all(Array.from({ length: Math.min(100, CROWD - i) }, () => lightStream(url, state)))),
      );
    }
    const probe = await startSdk(server.url, true);
    const held = rssMiB(server.pid);
    const rounds = 10;
    const allWithin: number[] = [];
    const cpuBefore = cpuMs(server.pid);
    for (let round = 1; round <= rounds; round++) {
      // Away from the state the probe holds: the toggle starts enabled, and a flip to its own state changes nothing.
      const on = !probe.isEnabled(FLIPPED);
      const started = performance.now();
      await flip(server.url, cookie, on);
      while (streams.some((s) => s.updates() < round)) await sleep(2);
      allWithin.push(performance.now() - started);
      while (probe.isEnabled(FLIPPED) !== on) await new Promise((resolve) => probe.once('changed', resolve));
    }
    const cpuPerFlip = (cpuMs(server.pid) - cpuBefore) / rounds;
    probe.destroy();
    for (const s of streams) s.socket.destroy();
    const perStreamKiB = ((held - idle) * 1024) / CROWD;
    const worst = Math.max(...allWithin);
    console.log(`  ${CROWD} streams on one process (PGlite, ${TOGGLES} toggles), ${rounds} flips`);
    console.log(
      `    all ${CROWD} hold the change within: median ${ms(percentile(allWithin, 50))}, worst ${ms(worst)} ` +
        `(target 1 s); server CPU per flip ${ms(cpuPerFlip)}`,
    );
    console.log(
      `    server memory ${idle.toFixed(0)} MiB idle, ${held.toFixed(0)} MiB holding them: ` +
        `+${(held - idle).toFixed(0)} MiB, ${perStreamKiB.toFixed(1)} KiB per stream (target +100 MiB, 20 KiB)`,
    );
    return worst <= 1000 && held - idle <= 100;
  } finally {
    await server.stop();
  }
}

/** Requests per second of POSTs with that token, 10 connections; `body` makes the n-th request's body. */
async function postRate(url: string, token: string, body: (n: number) => object) {
  let n = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(body(n++)) }) }],
    connections: 10,
    duration: SECONDS,
  });
  return { rps: result.requests.average, failures: result.errors + result.timeouts + result.non2xx };
}

/**
 * OFREP's bulk evaluation against the frontend API's: a frontend token, the same toggles and app (the toggles'
 * constraint lets the app in, so half of them are on for a user and the frontend API answers those). Measured for
 * one user (many web clients of one app send the same context: the target) and for another user on each request
 * (every answer made anew), two alternating rounds each.
 */
async function ofrepAgainstFrontend(url: string, cookie: string): Promise<boolean> {
  const created = await fetch(`${url}/api/admin/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sessionHeaders(cookie) },
    body: JSON.stringify({ username: 'bench-web', type: 'frontend', project: 'default', environment: 'default' }),
  });
  const { secret } = (await created.json()) as { secret: string };
  let failures = 0;
  const compare = async (user: (n: number) => string) => {
    const rounds = { frontend: [] as number[], ofrep: [] as number[] };
    for (let round = 0; round < 2; round++) {
      const frontend = await postRate(`${url}/api/frontend`, secret, (n) => ({
        context: { userId: user(n), appName: 'web' },
      }));
      const ofrep = await postRate(`${url}/ofrep/v1/evaluate/flags`, secret, (n) => ({
        context: { targetingKey: user(n), appName: 'web' },
      }));
      rounds.frontend.push(frontend.rps);
      rounds.ofrep.push(ofrep.rps);
      failures += frontend.failures + ofrep.failures;
    }
    return { frontend: Math.max(...rounds.frontend), ofrep: Math.max(...rounds.ofrep) };
  };
  const one = await compare(() => 'user-42');
  const each = await compare((n) => `user-${n}`);
  const line = (rates: { frontend: number; ofrep: number }) =>
    `frontend API ${rates.frontend.toFixed(0).padStart(5)} req/s, OFREP ${rates.ofrep.toFixed(0).padStart(5)} req/s: ` +
    `${(rates.ofrep / rates.frontend).toFixed(2)}x`;
  console.log(`  bulk evaluation of ${TOGGLES} toggles, 10 connections x ${SECONDS} s, best of 2 alternating rounds`);
  console.log(`    one user:                  ${line(one)} (target 0.8x)`);
  console.log(`    another user each request: ${line(each)}; ${failures} failed`);
  return failures === 0 && one.ofrep >= 0.8 * one.frontend;
}

/** OFREP against the frontend API alone, on one process with PGlite. */
async function ofrepAlone(): Promise<boolean> {
  const server = await startServer({});
  try {
    return await ofrepAgainstFrontend(server.url, await seeded(server));
  } finally {
    await server.stop();
  }
}

async function onePglite(): Promise<boolean> {
  const server = await startServer({ INIT_CLIENT_API_TOKENS: CLIENT_TOKEN });
  try {
    const cookie = await seeded(server);
    const streamed = await measureStreaming(server.url, server.url, cookie);
    const polled = await measurePolling(server.url, cookie);
    console.log(`  one process, PGlite, ${TOGGLES} toggles: flip -> the SDK's isEnabled`);
    console.log(
      `    streaming (${FLIPS} flips)  p50 ${ms(streamed.p50)}  p99 ${ms(streamed.p99)}  (target p99 100 ms)`,
    );
    console.log(
      `    polling every 15 s (${POLLED_FLIPS} flips)  mean ${ms(polled)}: streaming's p50 is ` +
        `${(polled / streamed.p50).toFixed(0)}x sooner`,
    );
    return (await ofrepAgainstFrontend(server.url, cookie)) && streamed.p99 <= 100;
  } finally {
    await server.stop();
  }
}

async function twoPostgres(): Promise<boolean> {
  const cluster = await startPostgresCluster();
  const servers: RunningServer[] = [];
  try {
    const env = { DATABASE_URL: cluster.url, INIT_CLIENT_API_TOKENS: CLIENT_TOKEN };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const [a, b] = servers;
    const cookie = await seeded(a);
    const streamed = await measureStreaming(b.url, a.url, cookie);
    console.log(`  two processes, one PostgreSQL, ${TOGGLES} toggles: flip through A -> an SDK streaming from B`);
    console.log(
      `    streaming (${FLIPS} flips)  p50 ${ms(streamed.p50)}  p99 ${ms(streamed.p99)}  (target p99 100 ms)`,
    );
    return streamed.p99 <= 100;
  } finally {
    for (const server of servers) await server.stop();
    cluster.stop();
  }
}

/**
 * BENCH_STREAMING=pglite,postgres,crowd runs only those parts (while iterating); the targets stay the same. `ofrep`
 * runs OFREP against the frontend API alone (the pglite part includes it).
 */
const PARTS = process.env.BENCH_STREAMING?.split(',') ?? ['pglite', 'postgres', 'crowd'];

export async function streamingBench(): Promise<boolean> {
  console.log('bench/streaming (a flip -> SDKs: the official Node SDK streaming, against polling in the same run)');
  const parts: Record<string, () => Promise<boolean>> = {
    pglite: onePglite,
    postgres: twoPostgres,
    crowd,
    ofrep: ofrepAlone,
  };
  const results: boolean[] = [];
  for (const part of PARTS) results.push(await parts[part]());
  return results.every(Boolean);
}
