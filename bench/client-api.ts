// bench/client-api: GET api/client/features as SDKs poll it, with 1000 and 10,000 toggles, against the machine's
// ceiling measured in the same run: a bare node:http server that answers the very same bytes and headers.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../tests/support/server.ts';
import { adminCookie, rolloutToggle, seedToggles } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_TOGGLES=1000 or 10000 runs only that part (while iterating); the targets of a part stay the same. */
const PARTS = process.env.BENCH_TOGGLES ? process.env.BENCH_TOGGLES.split(',').map(Number) : [1000, 10_000];
const CLIENT_TOKEN = '*:default.bench-client-token-0123456789';
/** Unleash 4.2.2's answer for the same 1000 toggles, gzip, measured once (not per run). */
const UNLEASH_GZIP_BYTES = 29 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One raw request: the bytes exactly as sent on the wire (no decompression). */
function fetchRaw(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', fail)
      .end();
  });
}

interface Load {
  rps: number;
  p99: number;
  requests: number;
  failures: number;
}

async function load(url: string, headers: Record<string, string>, connections: number): Promise<Load> {
  const result = await autocannon({ url, headers, connections, duration: SECONDS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx - (headers['if-none-match'] ? result['3xx'] : 0),
  };
}

/** Peak and current resident memory of a process, in MiB. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) =>
    Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(field)) ?? '')?.[1]) / 1024;
  return { rss: mib('VmRSS:'), peak: mib('VmHWM:') };
}

/** Starts a new peak (VmHWM) from the current RSS (Linux: clear_refs 5), so a later peak is that of the load. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The ceiling: node:http answering the same status, headers and bytes from memory, with no work at all. */
async function ceilingServer(answer: Answer) {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  const server = createServer((_request, response) => response.writeHead(answer.status, headers).end(answer.body));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/client/features`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const fmt = (l: Load) => `${l.rps.toFixed(0).padStart(6)} req/s  p99 ${String(l.p99).padStart(4)} ms`;

async function seeded(count: number): Promise<RunningServer> {
  const server = await startServer({ INIT_CLIENT_API_TOKENS: CLIENT_TOKEN });
  const started = Date.now();
  await seedToggles(server.url, await adminCookie(server.url), count, rolloutToggle);
  console.log(`  seeded ${count} toggles in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return server;
}

async function thousand(): Promise<boolean> {
  const server = await seeded(1000);
  try {
    const url = `${server.url}/api/client/features`;
    const headers = { authorization: CLIENT_TOKEN, 'accept-encoding': 'gzip' };
    const answer = await fetchRaw(url, headers);
    if (answer.status !== 200) throw new Error(`client features answered ${answer.status}`);
    const etag = answer.headers.etag;
    const ceiling = await ceilingServer(answer);
    try {
      const rounds = { ceiling: [] as Load[], snapshot: [] as Load[], notModified: [] as Load[] };
      for (let round = 0; round < 2; round++) {
        rounds.ceiling.push(await load(ceiling.url, headers, 10));
        rounds.snapshot.push(await load(url, headers, 10));
        rounds.notModified.push(await load(url, { ...headers, 'if-none-match': etag ?? '' }, 10));
      }
      const best = (loads: Load[]) => loads.reduce((a, b) => (b.rps > a.rps ? b : a));
      const [top, snapshot, notModified] = [best(rounds.ceiling), best(rounds.snapshot), best(rounds.notModified)];
      const encoding = answer.headers['content-encoding'] ?? 'none';
      console.log(`  1000 toggles, 10 connections x ${SECONDS} s, best of 2 alternating rounds`);
      console.log(`    ceiling (node:http, same bytes)   ${fmt(top)}`);
      console.log(
        `    200 answer                         ${fmt(snapshot)}  ${(snapshot.rps / top.rps).toFixed(2)}x ceiling`,
      );
      console.log(
        `    304 (If-None-Match)                ${fmt(notModified)}  ${(notModified.rps / top.rps).toFixed(2)}x ceiling`,
      );
      console.log(
        `    wire bytes ${answer.body.length} (${encoding}), ${(answer.body.length / UNLEASH_GZIP_BYTES).toFixed(2)}x` +
          ` Unleash 4.2's 29 KB; ETag ${etag ?? 'none'}`,
      );
      const { rss, peak } = memory(server.pid);
      console.log(`    server memory: ${rss.toFixed(0)} MiB now, ${peak.toFixed(0)} MiB at most`);
      const failures = [...rounds.snapshot, ...rounds.notModified].reduce((n, l) => n + l.failures, 0);
      return (
        failures === 0 &&
        snapshot.rps >= 0.5 * top.rps &&
        snapshot.p99 < 10 &&
        notModified.rps >= 0.7 * top.rps &&
        answer.body.length <= 1.2 * UNLEASH_GZIP_BYTES
      );
    } finally {
      await ceiling.close();
    }
  } finally {
    await server.stop();
  }
}

async function tenThousand(): Promise<boolean> {
  const server = await seeded(10_000);
  try {
    const headers = { authorization: CLIENT_TOKEN, 'accept-encoding': 'gzip' };
    // The peak of starting (a fresh embedded database) and seeding is not the serving's: it is shown, then reset.
    const before = memory(server.pid);
    resetPeak(server.pid);
    const result = await load(`${server.url}/api/client/features`, headers, 100);
    const { peak } = memory(server.pid);
    console.log(`  10,000 toggles, 100 connections x ${SECONDS} s (the first request reads the toggles)`);
    console.log(`    200 answer  ${fmt(result)}  ${result.requests} answered, ${result.failures} failed or timed out`);
    console.log(
      `    server memory at most ${peak.toFixed(0)} MiB while answering (target under 400); before: ` +
        `${before.rss.toFixed(0)} MiB, at most ${before.peak.toFixed(0)} MiB starting and seeding`,
    );
    return result.failures === 0 && result.requests > 0 && peak < 400;
  } finally {
    await server.stop();
  }
}

export async function clientApiBench(): Promise<boolean> {
  console.log('bench/client-api (GET api/client/features with a client token, Accept-Encoding: gzip)');
  const small = PARTS.includes(1000) ? await thousand() : true;
  const large = PARTS.includes(10_000) ? await tenThousand() : true;
  return small && large;
}
