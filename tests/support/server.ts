// Starts the real Switchyard server (the same entry point as `npm start`) on a fresh data folder and a free
// loopback port, for the end-to-end tests and the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'Switchyard-e2e-Pass1!';

export interface RunningServer {
  url: string;
  /** The server's process id (for its memory use). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
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

export async function startServer(
  env: Record<string, string> = {},
  { healthyWithinMs = HEALTHY_WITHIN_MS }: { healthyWithinMs?: number } = {},
): Promise<RunningServer> {
  const root = resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-e2e-'));
  const port = await freePort();
  const basePath = env.BASE_URI_PATH ?? '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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

  return {
    url,
    pid: child.pid!,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
