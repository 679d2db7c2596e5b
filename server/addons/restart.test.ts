/**
 * Delivery survives the death of its process: a real server process (what `npm start` runs) is killed with SIGKILL
 * while a delivery waits for its retry, and a new process on the same data delivers it, once. On TEST_DB=pglite the
 * processes share a data folder, on TEST_DB=postgres a fresh database of the throwaway cluster. The kill comes once
 * the failed attempt is recorded, so the new process sends at the retry's time; a kill that comes late, during the
 * retry's send, is still delivered once, after the killed process's lease has run out (half a minute).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killed, startServer, type RunningServer } from '../../tests/support/server.ts';
import { freshPostgresUrl } from '../test-support/harness.ts';
import { startReceiver, type Receiver } from '../test-support/addon-receiver.ts';

const ADMIN_TOKEN = `*:*.restart-admin-${randomBytes(12).toString('hex')}`;
const ENV = {
  INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
  LOG_LEVEL: 'warn',
  ADDON_RETRY_MS: '5000',
  ADDON_MAX_ATTEMPTS: '100',
  ADDON_TIMEOUT_MS: '2000',
  ADDON_POLL_MS: '500',
};

let receiver: Receiver;
const servers: RunningServer[] = [];

async function call(server: RunningServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/${path}`, {
    method,
    headers: { authorization: ADMIN_TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Waits until the addon's first delivery has a failed attempt in its log (the delivery then waits for its retry). */
async function attemptRecorded(server: RunningServer, addonId: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await call(server, 'GET', `api/admin/addons/${addonId}/deliveries`)).body.attempts[0]?.statusCode !== 500) {
    if (Date.now() > deadline) throw new Error('no failed attempt was recorded');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function databaseEnv(): Promise<Record<string, string>> {
  return process.env.TEST_DB === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {};
}

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const server of servers.reverse()) await server.stop();
  await receiver?.close();
});

describe('a pending delivery and SIGKILL', () => {
  it('is delivered once by the next process on the same data', { timeout: 600_000 }, async () => {
    const env = { ...ENV, ...(await databaseEnv()) };
    const first = await startServer(env);
    servers.push(first);
    const created = await call(first, 'POST', 'api/admin/addons', {
      provider: 'webhook',
      parameters: { url: `${receiver.url}/restart` },
      events: ['feature-created'],
    });
    expect(created.status).toBe(201);
    receiver.answerWith(...Array<number>(1000).fill(500)); // refused until the process is dead
    expect((await call(first, 'POST', 'api/admin/projects/default/features', { name: 'survivor' })).status).toBe(201);
    await receiver.waitFor(1, 120_000);
    await attemptRecorded(first, created.body.id);
    await killed(first);
    const before = receiver.received.length;
    receiver.answerWith(); // 200 from now on

    // The same data: PGlite's folder (the copy startServer makes is not used), or the same PostgreSQL database.
    const second = await startServer({ ...env, DATA_DIR: first.dataDir });
    servers.push(second);
    await receiver.waitFor(before + 1, 120_000);
    const deadline = Date.now() + 120_000;
    let log = await call(second, 'GET', `api/admin/addons/${created.body.id}/deliveries`);
    while (log.body.attempts[0]?.state !== 'delivered' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      log = await call(second, 'GET', `api/admin/addons/${created.body.id}/deliveries`);
    }
    expect(log.body.attempts[0]).toMatchObject({ eventType: 'feature-created', statusCode: 200, state: 'delivered' });
    // Exactly once after the restart: one request, and the delivery is done, so no other will follow.
    expect(receiver.received.length).toBe(before + 1);
    expect(JSON.parse(receiver.received[before].body)).toMatchObject({
      type: 'feature-created',
      featureName: 'survivor',
    });
    expect(log.body.attempts.filter((a: { statusCode: number }) => a.statusCode === 200)).toHaveLength(1);
  });
});
