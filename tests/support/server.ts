// Starts the real Switchyard server (what `npm start` runs) on a fresh data folder and a free loopback port, for the
// end-to-end tests and the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverBundle, serverIsCurrent } from '../../scripts/build.mjs';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'Switchyard-e2e-Pass1!';

export interface RunningServer {
  url: string;
  /** The server's process id (for its memory use). */
  pid: number;
  dataDir: string;
  output: () => string;
  /** Stops the server and deletes its data folder (unless keepData). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /** Stops it (keeping its data) and starts it again on the same port and data: a redeployment, as a page sees it. */
  restart: (env?: Record<string, string>) => Promise<RunningServer>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * How long the first `/health` may take: a fresh data folder runs PGlite's initdb first, and tsx compiles the server,
 * which took over 60 s on a busy 2-core machine. Tests must not depend on the machine's speed.
 */
export const HEALTHY_WITHIN_MS = 150_000;

const root = resolve(import.meta.dirname, '../..');

/** What a first start writes depends on the server's code (migrations, first admin, seeds) and nothing else. */
function serverSourcesHash(): string {
  const hash = createHash('sha256');
  const server = join(root, 'server');
  for (const file of readdirSync(server, { recursive: true }).map(String).sort()) {
    if (/\.(ts|sql|json)$/.test(file) && !file.endsWith('.test.ts'))
      hash.update(file).update(readFileSync(join(server, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'switchyard-e2e-template-';
let template: Promise<string> | undefined;

/**
 * The data folder a first start leaves (PGlite initialised and migrated, the first admin with ADMIN_PASSWORD),
 * made once per version of the server's code and kept in the temp folder: a new folder costs PGlite's initdb and
 * every migration, 10 s on a quiet machine and about a minute on a busy one; a copy of this costs almost nothing.
 */
function templateDataDir(): Promise<string> {
  template ??= (async () => {
    const folder = join(tmpdir(), `${TEMPLATE_PREFIX}${serverSourcesHash()}`);
    try {
      statSync(join(folder, 'PG_VERSION'));
      return folder;
    } catch {
      // not made yet
    }
    const server = await launch(mkdtempSync(join(tmpdir(), 'switchyard-e2e-')), {}, HEALTHY_WITHIN_MS);
    await server.stop({ keepData: true });
    try {
      renameSync(server.dataDir, folder); // atomic: a concurrent worker either made it first or finds it whole
    } catch {
      rmSync(server.dataDir, { recursive: true, force: true }); // another worker made it first
    }
    // Folders of earlier versions of the code (a day old: a run still copying one is long done).
    for (const entry of readdirSync(tmpdir())) {
      const path = join(tmpdir(), entry);
      if (entry.startsWith(TEMPLATE_PREFIX) && path !== folder && statSync(path).mtimeMs < Date.now() - 86_400_000)
        rmSync(path, { recursive: true, force: true });
    }
    return folder;
  })();
  return template;
}

/**
 * A server on its own copy of the template data folder (a fresh folder when `env` sets the first admin or uses
 * PostgreSQL), as a first start would leave it.
 */
export async function startServer(
  env: Record<string, string> = {},
  { healthyWithinMs = HEALTHY_WITHIN_MS }: { healthyWithinMs?: number } = {},
): Promise<RunningServer> {
  const dataDir = join(tmpdir(), `switchyard-e2e-${randomBytes(6).toString('hex')}`);
  const firstStartDiffers = Object.keys(env).some(
    (key) => key.startsWith('UNLEASH_DEFAULT_ADMIN') || key === 'DATABASE_URL',
  );
  if (!firstStartDiffers) cpSync(await templateDataDir(), dataDir, { recursive: true });
  return launch(dataDir, env, healthyWithinMs);
}

/** Kills the server's process with SIGKILL (no shutdown of any kind) and waits until it is gone. */
export async function killed(server: RunningServer): Promise<void> {
  process.kill(server.pid, 'SIGKILL');
  for (;;) {
    try {
      process.kill(server.pid, 0);
    } catch {
      return; // gone
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function launch(
  dataDir: string,
  env: Record<string, string>,
  healthyWithinMs: number,
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  const basePath = env.BASE_URI_PATH ?? '';
  // The built server when it is built from the sources as they are (`npm test` builds it first: a start takes a
  // third of the time without tsx); else the sources through tsx.
  const entry = serverIsCurrent() ? [serverBundle] : ['--import', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      UNLEASH_DEFAULT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test runner that gives up on a hook (its timeout) ends the worker: the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}${basePath}`;

  const deadline = Date.now() + healthyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within ${healthyWithinMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const server: RunningServer = {
    url,
    pid: child.pid!,
    dataDir,
    output: () => log,
    restart: async (next = env) => {
      await server.stop({ keepData: true });
      return launch(dataDir, next, healthyWithinMs, port);
    },
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // Data to keep must be closed cleanly (PGlite writes on close): waited for as long as a start may take.
        await Promise.race([exited, new Promise((r) => setTimeout(r, keepData ? healthyWithinMs : 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      else if (child.exitCode !== 0) throw new Error(`server did not stop cleanly (${child.exitCode}):\n${log}`);
    },
  };
  return server;
}
