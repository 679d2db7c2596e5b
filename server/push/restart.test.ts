/**
 * The push outbox survives a restart: a real server process (what `npm start` runs) is stopped while a notification
 * waits for its retry, and the process started again on the same data sends it. On TEST_DB=pglite the processes share
 * a data folder, on TEST_DB=postgres a fresh database of the throwaway cluster.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../tests/support/server.ts';
import { sessionCookie, sessionHeaders } from '../../tests/support/session.ts';
import { freshPostgresUrl } from '../test-support/harness.ts';
import { startPushService, type PushService } from '../test-support/push-service.ts';

const ADMIN_TOKEN = `*:*.push-restart-${randomBytes(12).toString('hex')}`;
const VIEWER = { email: 'push-restart@example.com', password: 'Push-Restart-Passw0rd!' };

let pushService: PushService | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server!.url}/${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
}

describe('a notification waiting for its retry and a restart', () => {
  it('is sent by the process started again on the same data', { timeout: 600_000 }, async () => {
    pushService = await startPushService();
    server = await startServer({
      INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      ADDON_RETRY_MS: '5000',
      ADDON_MAX_ATTEMPTS: '100',
      ADDON_TIMEOUT_MS: '2000',
      ADDON_POLL_MS: '500',
      ...(process.env.TEST_DB === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
    });
    const admin = { authorization: ADMIN_TOKEN };
    await call('POST', 'api/admin/user-admin', admin, { ...VIEWER, name: 'Push Restart', rootRole: 3 });
    const viewer = sessionHeaders(await sessionCookie(server.url, VIEWER.email, VIEWER.password));
    const device = pushService.device();
    await call('POST', 'api/admin/user/push-subscriptions', viewer, device.subscription);
    await call('POST', 'api/admin/projects/default/features', admin, { name: 'survivor' });
    await call('POST', 'api/admin/projects/default/features/survivor/favorites', viewer);
    pushService.answerWith(...Array<number>(1000).fill(500)); // refused until the restart
    await call('POST', 'api/admin/projects/default/features/survivor/environments/production/on', admin);
    await pushService.waitFor(1, 120_000);

    server = await server.restart();
    const before = pushService.pushes.length;
    pushService.answerWith(); // 201 from now on
    const pushes = await pushService.waitFor(before + 1, 120_000);
    expect(pushes[before].message).toEqual({
      title: 'survivor changed in production',
      body: expect.stringMatching(/ turned it on\.$/),
      url: '/projects/default/features/survivor',
    });
    expect(pushService.errors).toEqual([]);
  });
});
