/**
 * A schedule survives the death of its process: a real server process (what `npm start` runs) is killed with SIGKILL
 * right after a request is scheduled, the request falls due while no process runs, and a new process on the same data
 * applies it once after it starts. On TEST_DB=pglite the processes share a data folder, on TEST_DB=postgres a fresh
 * database of the throwaway cluster.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { ADMIN_PASSWORD, killed, startServer, type RunningServer } from '../../tests/support/server.ts';
import { freshPostgresUrl } from '../test-support/harness.ts';

const ADMIN_TOKEN = `*:*.restart-admin-${randomBytes(12).toString('hex')}`;
const USER_PASSWORD = 'Restart-Test-Passw0rd!';
const servers: RunningServer[] = [];

/** Calls the server with a session cookie or the admin token, as the console does; the answer's JSON. */
async function call(server: RunningServer, method: string, path: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${server.url}/${path}`, {
    method,
    headers: {
      [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE,
      ...(cookie ? { cookie } : { authorization: ADMIN_TOKEN }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

async function signIn(server: RunningServer, username: string, password: string): Promise<string> {
  const answer = await call(server, 'POST', 'auth/simple/login', { username, password });
  expect(answer.status).toBe(200);
  return answer.headers.getSetCookie()[0].split(';')[0];
}

afterAll(async () => {
  for (const server of servers.reverse()) await server.stop();
});

describe('a scheduled change request and SIGKILL', () => {
  it('falls due while no process runs and is applied once by the next one', { timeout: 600_000 }, async () => {
    const env = {
      INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      ...(process.env.TEST_DB === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
    };
    const first = await startServer(env);
    servers.push(first);
    const cr = 'api/admin/projects/default/change-requests';
    expect((await call(first, 'POST', 'api/admin/projects/default/features', { name: 'survivor' })).status).toBe(201);
    const config = 'api/admin/projects/default/environments/production/change-requests/config';
    expect((await call(first, 'PUT', config, { changeRequestsEnabled: true, requiredApprovals: 1 })).status).toBe(200);
    const email = 'restart-author@example.com';
    const user = { email, rootRole: 2, password: USER_PASSWORD };
    expect((await call(first, 'POST', 'api/admin/user-admin', user)).status).toBe(201);
    const author = await signIn(first, email, USER_PASSWORD);
    const admin = await signIn(first, 'admin', ADMIN_PASSWORD);
    const change = { feature: 'survivor', action: 'updateEnabled', payload: { enabled: true } };
    const draft = await call(
      first,
      'POST',
      'api/admin/projects/default/environments/production/change-requests',
      change,
      author,
    );
    expect(draft.status).toBe(200);
    const state = `${cr}/${draft.body.id}/state`;
    expect((await call(first, 'PUT', state, { state: 'In review' }, author)).status).toBe(200);
    expect((await call(first, 'PUT', state, { state: 'Approved' }, admin)).body.state).toBe('Approved');

    // Ten seconds ahead, further when the machine was too slow to get the request there in time.
    let scheduled;
    for (let ahead = 10_000; ; ahead *= 2) {
      const scheduledAt = new Date(Date.now() + ahead).toISOString();
      scheduled = await call(first, 'PUT', state, { state: 'Scheduled', scheduledAt }, author);
      if (scheduled.status !== 400) break;
    }
    expect(scheduled.body.state).toBe('Scheduled');
    await killed(first);
    const dueAt = new Date(scheduled.body.scheduledAt).getTime();
    expect(Date.now()).toBeLessThan(dueAt); // killed before it was due
    await new Promise((r) => setTimeout(r, dueAt - Date.now() + 200));

    const second = await startServer({ ...env, DATA_DIR: first.dataDir });
    servers.push(second);
    const started = Date.now();
    const deadline = started + 120_000;
    let shown = await call(second, 'GET', `${cr}/${draft.body.id}`, undefined, author);
    while (shown.body.state !== 'Applied' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      shown = await call(second, 'GET', `${cr}/${draft.body.id}`, undefined, author);
    }
    expect(shown.body.state).toBe('Applied');
    const events = async (type: string) =>
      (await call(second, 'GET', `api/admin/events?type=${type}`)).body.events as Array<{
        createdAt: string;
        featureName: string;
        data: { id?: number };
      }>;
    const applied = (await events('change-request-applied')).filter((e) => e.data.id === draft.body.id);
    expect(applied).toHaveLength(1);
    expect(new Date(applied[0].createdAt).getTime()).toBeGreaterThan(dueAt);
    const flips = (await events('feature-environment-enabled')).filter((e) => e.featureName === 'survivor');
    expect(flips).toHaveLength(1);
    const toggle = await call(second, 'GET', 'api/admin/projects/default/features/survivor/environments/production');
    expect(toggle.body.enabled).toBe(true);
  });
});
