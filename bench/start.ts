// bench/start: `npm start` until /health answers 200, on a fresh data folder (first start: initdb, migrations, the
// first admin) and on that folder again (existing data), against `node -e` starting an empty Fastify app with the
// same route in the same run; the start from source (`node --import tsx server/main.ts`, as the e2e tests run it)
// for comparison; and the started server's idle memory. Target: under 1.5 s with existing data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/support/server.ts';
import { median } from './support.ts';

const RUNS = 5;
const TARGET_MS = 1500;
const IDLE_MS = 5000;
const root = resolve(import.meta.dirname, '..');

const EMPTY_FASTIFY = `const app = require('fastify')();
app.get('/health', async () => ({ health: 'GOOD' }));
app.listen({ port: Number(process.env.PORT), host: process.env.HOST });`;

interface Start {
  ms: number;
  output: string;
  /** Resident memory of the server process after IDLE_MS, when asked for. */
  rssMiB?: number;
}

/** Every process below `pid` (npm runs the server through a shell). */
function descendants(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(file) ? readFileSync(file, 'utf8').split(' ').filter(Boolean).map(Number) : [];
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** Starts `command` in its own process group, times it to the first /health 200, then stops the whole group. */
async function timeStart(command: string[], dataDir: string, measureMemory = false): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    detached: true,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.once('exit', done));
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${command.join(' ')} exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
      }
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error(`no /health within 120 s:\n${output}`);
      await new Promise((done) => setTimeout(done, 5));
    }
    const ms = performance.now() - started;
    let rss: number | undefined;
    if (measureMemory) {
      await new Promise((done) => setTimeout(done, IDLE_MS));
      const server = [child.pid!, ...descendants(child.pid!)].find(
        (pid) =>
          readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node' &&
          /scripts\/start\.mjs|server\/main\.ts/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')),
      );
      rss = server === undefined ? undefined : rssMiB(server);
    }
    return { ms, output, rssMiB: rss };
  } finally {
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name);
      } catch {
        // the group has already exited
      }
    };
    signal('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    signal('SIGKILL');
  }
}

/**
 * `npm start`, again when another engineer's edit made it rebuild first (that start measured the build); `dataDir`
 * is called for each attempt, so a fresh folder stays fresh.
 */
async function npmStart(dataDir: () => string, measureMemory = false): Promise<Start> {
  for (let attempt = 0; ; attempt++) {
    const start = await timeStart(['npm', 'start', '--silent'], dataDir(), measureMemory);
    if (!/Built the (console|server)/.test(start.output) || attempt === 3) return start;
  }
}

const fmt = (ms: number) => `${Math.round(ms)} ms`.padStart(8);

export async function startBench(): Promise<boolean> {
  console.log(`bench/start (time to the first /health 200, median of ${RUNS}; idle memory ${IDLE_MS / 1000} s later)`);
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--changed'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const folders: string[] = [];
  const folder = () => {
    folders.push(mkdtempSync(join(tmpdir(), 'switchyard-bench-start-')));
    return folders[folders.length - 1];
  };
  try {
    const baseline: number[] = [];
    const fresh: Start[] = [];
    const existing: Start[] = [];
    const fromSource: number[] = [];
    let data = '';
    fresh.push(await npmStart(() => (data = folder())));
    if (!/Created the first admin user[\s\S]*password: \S+/.test(fresh[0].output)) {
      throw new Error(`the first start printed no credentials:\n${fresh[0].output}`);
    }
    // Alternating, so a busy moment of the machine weighs on every kind alike.
    for (let run = 0; run < RUNS; run++) {
      baseline.push((await timeStart([process.execPath, '-e', EMPTY_FASTIFY], data)).ms);
      existing.push(await npmStart(() => data, true));
      if (run < 2) fresh.push(await npmStart(folder));
      if (run < 3) fromSource.push((await timeStart([process.execPath, '--import', 'tsx', 'server/main.ts'], data)).ms);
    }
    const empty = median(baseline);
    const existingMs = median(existing.map((s) => s.ms));
    const freshMs = median(fresh.map((s) => s.ms));
    const sourceMs = median(fromSource);
    const rss = median(existing.map((s) => s.rssMiB ?? NaN));
    const ratio = (ms: number) => `${(ms / empty).toFixed(1)}x the empty Fastify`;
    console.log(`  node -e, an empty Fastify app        ${fmt(empty)}`);
    console.log(`  npm start, existing data folder      ${fmt(existingMs)}  ${ratio(existingMs)}`);
    console.log(
      `  npm start, fresh data folder         ${fmt(freshMs)}  ${ratio(freshMs)} (median of ${fresh.length})`,
    );
    console.log(`  tsx server/main.ts, existing data    ${fmt(sourceMs)}  ${ratio(sourceMs)} (median of 3)`);
    console.log(`  server memory ${IDLE_MS / 1000} s after start: ${rss.toFixed(0)} MiB resident (existing data)`);
    const log =
      /started in (\d+) ms: modules loaded at (\d+) ms, app built at (\d+) ms, database open and migrated at (\d+) ms/;
    const phases = existing.map((s) => log.exec(s.output)).filter((m): m is RegExpExecArray => m !== null);
    if (phases.length) {
      const at = (i: number) => median(phases.map((m) => Number(m[i])));
      console.log(
        `  inside the server (existing data, medians): modules loaded at ${at(2)} ms, app built at ${at(3)} ms,` +
          ` database open at ${at(4)} ms, listening at ${at(1)} ms`,
      );
    }
    console.log(`  target: existing data under ${TARGET_MS} ms`);
    return existingMs < TARGET_MS;
  } finally {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  }
}
