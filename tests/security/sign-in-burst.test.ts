// The sign-in limiter under parallel attempts, on PGlite and on PostgreSQL. Every attempt is
// reserved in the database before its password is checked, so a burst cannot get more checks than the limit.
import { describe, expect, it } from 'vitest';
import { startServer, ADMIN_PASSWORD, type CallResult, type TestServer } from '../../server/test-support/harness.ts';
import { server, useServer } from '../../server/test-support/fixture.ts';

/** The account limit (server/platform/access/attempt-limiter.ts). */
const LIMIT = 10;
/** The first lock's length for the tests that wait one out. */
const BACKOFF_SECONDS = 20;
/** The first lock's length for the bursts: no lock runs out while a burst is answered, however busy the machine. */
const BURST_BACKOFF_SECONDS = 3600;

const signIn = (server: TestServer, username: string, password: string) =>
  server.call('POST', 'auth/simple/login', { body: { username, password } });

const retryAfter = (answer: CallResult) => Number(answer.headers.get('retry-after'));

/** Waits out a lock as the server announced it, then signs in; a lock still running (rounding) is waited again. */
async function signInAfterLock(server: TestServer, username: string, password: string, locked: CallResult) {
  let answer = locked;
  for (let round = 0; round < 3 && answer.status === 429; round++) {
    await new Promise((resolve) => setTimeout(resolve, retryAfter(answer) * 1000));
    answer = await signIn(server, username, password);
  }
  return answer;
}

/** 200 wrong passwords at once for one account of `target`, then the right one while it is locked. */
async function burstForOneAccount(target: TestServer) {
  const user = await target.createUser('Viewer');
  let firstRefusal: () => void = () => {};
  const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
  const burst = Array.from({ length: 200 }, (_, i) =>
    signIn(target, user.email, `Wrong-Passw0rd-${i}`).then((answer) => {
      if (answer.status === 429) firstRefusal();
      return answer;
    }),
  );
  // Inside the burst, once the account is locked: the right password does not get in.
  await refused;
  const right = await signIn(target, user.email, user.password);
  const answers = await Promise.all(burst);

  const checked = answers.filter((a) => a.status === 401).length;
  const limited = answers.filter((a) => a.status === 429);
  console.log(`sign-in burst: 200 wrong passwords, ${checked} checked (401), ${limited.length} refused (429)`);
  expect(checked).toBe(LIMIT);
  expect(checked + limited.length).toBe(200);
  expect(limited[0].body).toMatchObject({ name: 'TooManyRequestsError' });
  expect(limited.every((a) => retryAfter(a) >= 1 && retryAfter(a) <= BURST_BACKOFF_SECONDS)).toBe(true);

  expect(right.status).toBe(429);
  expect(right.headers.getSetCookie()).toEqual([]);
  expect(retryAfter(right)).toBeGreaterThanOrEqual(1);

  // Unlocked by an admin, the rightful user signs in (waiting a lock out: 'locks for twice as long').
  const admin = await target.adminCookie();
  expect((await target.call('POST', `api/admin/user-admin/${user.id}/unlock`, { cookie: admin })).status).toBe(200);
  const after = await signIn(target, user.email, user.password);
  expect(after.status).toBe(200);
  expect(after.headers.getSetCookie().join()).toMatch(/unleash-session=/);
}

useServer({ env: { LOGIN_BACKOFF_SECONDS: String(BACKOFF_SECONDS) } });

describe('a burst of parallel sign-ins for one account', () => {
  it('checks at most the limit, refuses the rest with 429, and the right password too while locked', async () => {
    const own = await startServer({ LOGIN_BACKOFF_SECONDS: String(BURST_BACKOFF_SECONDS) });
    try {
      await burstForOneAccount(own);
    } finally {
      await own.close();
    }
  }, 120_000);

  it('locks for twice as long the next time', async () => {
    const user = await server.createUser('Editor');
    const fail = () => signIn(server, user.email, 'Wrong-Passw0rd');
    for (let i = 0; i < LIMIT; i++) expect((await fail()).status).toBe(401);
    const first = await fail();
    expect(first.status).toBe(429);
    expect(retryAfter(first)).toBeLessThanOrEqual(BACKOFF_SECONDS);

    // The lock runs out: a new round of attempts, and its lock is twice as long.
    const waited = await signInAfterLock(server, user.email, 'Wrong-Passw0rd', first);
    expect(waited.status).toBe(401);
    for (let i = 1; i < LIMIT; i++) expect((await fail()).status).toBe(401);
    const second = await fail();
    expect(second.status).toBe(429);
    expect(retryAfter(second)).toBeGreaterThan(BACKOFF_SECONDS);
    expect(retryAfter(second)).toBeLessThanOrEqual(2 * BACKOFF_SECONDS);
  }, 120_000);
});

describe('unlocking', () => {
  it('lets an admin unlock a user (ADMIN only, with an audit event); the user then signs in', async () => {
    const admin = await server.adminCookie();
    const editor = await server.createUser('Editor');
    const user = await server.createUser('Viewer');
    for (let i = 0; i < LIMIT; i++) expect((await signIn(server, user.email, 'Wrong-Passw0rd')).status).toBe(401);
    expect((await signIn(server, user.email, user.password)).status).toBe(429);

    const path = `api/admin/user-admin/${user.id}/unlock`;
    expect((await server.call('POST', path, { cookie: editor.cookie })).status).toBe(403);
    expect((await signIn(server, user.email, user.password)).status).toBe(429);
    const missing = await server.call('POST', 'api/admin/user-admin/999999/unlock', { cookie: admin });
    expect(missing.status).toBe(404);

    const unlocked = await server.call('POST', path, { cookie: admin });
    expect(unlocked.status).toBe(200);
    const [event] = await server.sql(
      `select created_by, data from events where type = 'user-unlocked' and data->>'id' = '${user.id}'`,
    );
    expect(event).toMatchObject({ created_by: 'admin', data: { id: user.id, email: user.email } });
    expect((await signIn(server, user.email, user.password)).status).toBe(200);
  });
});

describe('the limit per address', () => {
  it('refuses every account from an address that made 50 failed attempts, in parallel, with at most 50 checked', async () => {
    const own = await startServer({ LOGIN_BACKOFF_SECONDS: String(BURST_BACKOFF_SECONDS) });
    try {
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) => signIn(own, `nobody-${i}@example.com`, 'Wrong-Passw0rd')),
      );
      const checked = answers.filter((a) => a.status === 401).length;
      expect(checked).toBe(50);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(120 - checked);
      const admin = await signIn(own, 'admin', ADMIN_PASSWORD);
      expect(admin.status).toBe(429);
      expect(admin.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ (seconds?|minutes)\.$/);
    } finally {
      await own.close();
    }
  }, 120_000);
});
