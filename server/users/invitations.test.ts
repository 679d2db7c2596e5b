import { createHash } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, USER_PASSWORD, type TestServer } from '../test-support/harness.ts';
import { startInbox, type Inbox } from './test-inbox.ts';
import { expectError } from '../test-support/answers.ts';

const NEW_PASSWORD = 'Fresh-Passw0rd!x';

let inbox: Inbox;
let mailing: TestServer;
let silent: TestServer;
const silentLog: string[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  [mailing, silent] = await Promise.all([
    startServer({ ...inbox.env, UNLEASH_URL: 'http://yard.test/base' }),
    // TRUST_PROXY: a test can stand for its own client address with X-Forwarded-For.
    startServer(
      { TRUST_PROXY: '127.0.0.1' },
      { logger: { level: 'info', stream: { write: (line: string) => silentLog.push(line) } } },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([mailing?.close(), silent?.close()]);
  await inbox?.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function invite(server: TestServer, email: string, extra: Record<string, unknown> = {}) {
  const response = await server.call('POST', 'api/admin/user-admin', {
    cookie: await server.adminCookie(),
    body: { email, name: 'Ann Example', rootRole: 2, ...extra },
  });
  expect(response.status).toBe(201);
  return response.body;
}

describe('invitations with SMTP configured', () => {
  it('e-mails the invitation (text and HTML), answers emailSent and the link, and the link sets a password once', async () => {
    const created = await invite(mailing, 'Ann@Example.com');
    expect(created).toMatchObject({ email: 'ann@example.com', emailSent: true, rootRole: 2 });
    expect(created.inviteLink).toMatch(/^http:\/\/yard\.test\/base\/new-user\?token=[A-Za-z0-9_-]{43}$/);
    const mail = await inbox.next('ann@example.com');
    expect(mail.link).toBe(created.inviteLink);
    expect(mail.raw).toContain('Subject: Welcome to Switchyard');
    expect(mail.raw).toContain('From: yard@example.com');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain(`<a href="${created.inviteLink}">`);
    expect(mail.raw).toContain('admin has created an account for you');

    const token = tokenOf(created.inviteLink);
    const stored = await mailing.sql(`select token_hash from reset_tokens where user_id = ${created.id}`);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const validated = await mailing.call('GET', `auth/reset/validate?token=${token}`);
    expect(validated.status).toBe(200);
    expect(validated.body).toEqual({
      id: created.id,
      name: 'Ann Example',
      email: 'ann@example.com',
      createdBy: 'admin',
    });

    const weak = await mailing.call('POST', 'auth/reset/password', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ name: 'OwaspValidationError' });
    expect((await mailing.call('GET', `auth/reset/validate?token=${token}`)).status).toBe(200);

    const reset = await mailing.call('POST', 'auth/reset/password', { body: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    await mailing.login('ann@example.com', NEW_PASSWORD);

    const again = await mailing.call('POST', 'auth/reset/password', { body: { token, password: 'Other-Passw0rd!y' } });
    expectError(again, 401, 'InvalidTokenError', 'Token was not valid');
    expect((await mailing.call('GET', `auth/reset/validate?token=${token}`)).body.name).toBe('InvalidTokenError');
    await mailing.login('ann@example.com', NEW_PASSWORD);

    const events = await mailing.call('GET', 'api/admin/events', { cookie: await mailing.adminCookie() });
    const changed = events.body.events.find((e: { type: string }) => e.type === 'user-password-changed');
    expect(changed).toMatchObject({ createdBy: 'ann@example.com', data: { id: created.id } });
    expect(JSON.stringify(events.body)).not.toContain(token);
  });

  it('sends nothing when sendEmail is false, and sets no token when a password is given', async () => {
    const quiet = await invite(mailing, 'quiet@example.com', { sendEmail: false });
    expect(quiet.emailSent).toBe(false);
    expect(quiet.inviteLink).toContain('/new-user?token=');
    const withPassword = await invite(mailing, 'ready@example.com', { password: USER_PASSWORD });
    expect(withPassword).toMatchObject({ emailSent: false, inviteLink: '' });
    const marker = await invite(mailing, 'marker@example.com');
    await inbox.next('marker@example.com');
    expect(inbox.received.flatMap((m) => m.to)).not.toContain('quiet@example.com');
    expect(inbox.received.flatMap((m) => m.to)).not.toContain('ready@example.com');
    // The list shows the open invitations' links, e-mailed or not.
    const list = await mailing.call('GET', 'api/admin/user-admin', { cookie: await mailing.adminCookie() });
    const linkOf = (email: string) => list.body.users.find((u: { email: string }) => u.email === email).inviteLink;
    expect(['quiet', 'ready', 'marker'].map((name) => linkOf(`${name}@example.com`))).toEqual([
      quiet.inviteLink,
      '',
      marker.inviteLink,
    ]);
  });

  it('e-mails a reset link for a known address; the same answer for an unknown one; a newer link replaces it', async () => {
    const user = await mailing.createUser('Viewer');
    const asked = await mailing.call('POST', 'auth/reset/password-email', {
      body: { email: user.email.toUpperCase() },
    });
    const unknown = await mailing.call('POST', 'auth/reset/password-email', { body: { email: 'nobody@example.com' } });
    expect([asked.status, asked.text]).toEqual([200, '']);
    expect([unknown.status, unknown.text]).toEqual([200, '']);
    const first = await inbox.next(user.email);
    expect(first.raw).toContain('Subject: Switchyard - Reset your password');
    expect(first.link).toMatch(/^http:\/\/yard\.test\/base\/reset-password\?token=/);

    await mailing.call('POST', 'auth/reset/password-email', { body: { email: user.email } });
    const second = await inbox.next(user.email);
    expect((await mailing.call('GET', `auth/reset/validate?token=${tokenOf(first.link!)}`)).status).toBe(401);
    const body = { token: tokenOf(second.link!), password: NEW_PASSWORD };
    expect((await mailing.call('POST', 'auth/reset/password', { body })).status).toBe(200);
    await expect(mailing.login(user.email, user.password)).rejects.toThrow('401');
    await mailing.login(user.email, NEW_PASSWORD);
    // The reset ended the sessions the user had.
    expect((await mailing.call('GET', 'api/admin/user', { cookie: user.cookie })).status).toBe(401);
    expect(inbox.received.flatMap((m) => m.to)).not.toContain('nobody@example.com');
  });

  it('bounds a flood: at most 3 links an hour for one address, each further request answered alike', async () => {
    const user = await mailing.createUser('Viewer');
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await mailing.call('POST', 'auth/reset/password-email', { body: { email: user.email } })).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await mailing.sql(`select count(*)::int as n from reset_tokens where user_id = ${user.id}`)).toEqual([
      { n: 3 },
    ]);
  });

  it('refuses an expired token, and bad input with a 400 naming the field', async () => {
    const created = await invite(mailing, 'late@example.com', { sendEmail: false });
    const token = tokenOf(created.inviteLink);
    await mailing.sql(`update reset_tokens set expires_at = now() - interval '1 second' where user_id = ${created.id}`);
    expect((await mailing.call('GET', `auth/reset/validate?token=${token}`)).status).toBe(401);
    const body = { token, password: NEW_PASSWORD };
    expect((await mailing.call('POST', 'auth/reset/password', { body })).status).toBe(401);
    const missing = await mailing.call('GET', 'auth/reset/validate');
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].message).toContain('token');
    const noEmail = await mailing.call('POST', 'auth/reset/password-email', { body: {} });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.details[0].message).toContain('email');
    const noToken = await mailing.call('POST', 'auth/reset/password', { body: { password: NEW_PASSWORD } });
    expect(noToken.status).toBe(400);
  });
});

describe('without SMTP', () => {
  it('keeps the last Admin: neither demoted nor deleted (400), until another Admin exists', async () => {
    const admin = await silent.adminCookie();
    const me = (await silent.call('GET', 'api/admin/user', { cookie: admin })).body.user;
    const before = await silent.sql('select count(*)::int as n from events');
    const demote = await silent.call('PUT', `api/admin/user-admin/${me.id}`, { cookie: admin, body: { rootRole: 2 } });
    expect(demote.status).toBe(400);
    expect(demote.body).toMatchObject({
      name: 'InvalidOperationError',
      message: 'You can not demote or delete the last Admin: give another user the Admin role first.',
    });
    expect((await silent.call('DELETE', `api/admin/user-admin/${me.id}`, { cookie: admin })).status).toBe(400);
    expect(await silent.sql('select count(*)::int as n from events')).toEqual(before);
    expect((await silent.call('GET', 'api/admin/user', { cookie: admin })).body.user.rootRole).toBe(1);

    const other = await silent.createUser('Admin');
    const ok = await silent.call('PUT', `api/admin/user-admin/${other.id}`, { cookie: admin, body: { rootRole: 3 } });
    expect(ok.status).toBe(200);
    await silent.call('PUT', `api/admin/user-admin/${other.id}`, { cookie: admin, body: { rootRole: 1 } });
    expect((await silent.call('DELETE', `api/admin/user-admin/${other.id}`, { cookie: admin })).status).toBe(200);
  });

  it('answers the invite link with emailSent false, and logs a reset link for the operator', async () => {
    const created = await invite(silent, 'solo@example.com');
    expect(created.emailSent).toBe(false);
    expect(created.inviteLink).toMatch(/^http:\/\/localhost:4242\/new-user\?token=/);
    expect((await silent.call('GET', `auth/reset/validate?token=${tokenOf(created.inviteLink)}`)).status).toBe(200);

    expect(
      (await silent.call('POST', 'auth/reset/password-email', { body: { email: 'solo@example.com' } })).status,
    ).toBe(200);
    const line = silentLog.find((l) => l.includes('Password reset asked for solo@example.com'));
    const link = /http:\/\/localhost:4242\/reset-password\?token=[A-Za-z0-9_-]+/.exec(line ?? '')?.[0];
    expect(link).toBeDefined();
    expect((await silent.call('GET', `auth/reset/validate?token=${tokenOf(link!)}`)).body.email).toBe(
      'solo@example.com',
    );
    // The newer reset link replaced the invitation.
    expect((await silent.call('GET', `auth/reset/validate?token=${tokenOf(created.inviteLink)}`)).status).toBe(401);
    // The request is in the audit log, without its token.
    const [event] = await silent.sql(
      `select created_by, data from events where type = 'user-password-reset-requested' order by id desc limit 1`,
    );
    expect(event).toMatchObject({ created_by: 'solo@example.com', data: { email: 'solo@example.com' } });
    expect(JSON.stringify(event)).not.toContain(tokenOf(link!));
  });

  it("limits reset requests by the client's address: after 50, a 429 that mails nothing, whatever the e-mail", async () => {
    const user = await silent.createUser('Viewer');
    // Its own client address (through the trusted proxy), so no other test's requests count here.
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) {
      const body = { email: `nobody-${i}@x.test` };
      answers.push((await silent.call('POST', 'auth/reset/password-email', { body, headers })).status);
    }
    expect(new Set(answers)).toEqual(new Set([200]));
    const limited = await silent.call('POST', 'auth/reset/password-email', { body: { email: user.email }, headers });
    expect(limited.status).toBe(429);
    expect(limited.body.name).toBe('TooManyRequestsError');
    expect(limited.body.message).toMatch(/^Too many password reset requests from this address\. Try again in /);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await silent.sql(`select 1 from reset_tokens where user_id = ${user.id}`)).toHaveLength(0);
    // Signing in from the same address is counted apart.
    const body = { username: user.email, password: USER_PASSWORD };
    expect((await silent.call('POST', 'auth/simple/login', { body, headers })).status).toBe(200);
    // Another address is not held up by this one's lock.
    const other = { 'x-forwarded-for': '203.0.113.8' };
    const elsewhere = await silent.call('POST', 'auth/reset/password-email', {
      body: { email: user.email },
      headers: other,
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('an SMTP server that cannot be reached', () => {
  it('answers emailSent false, truthfully, and still creates the user with the link', async () => {
    const closed = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => done(port));
      });
    });
    const server = await startServer({ EMAIL_HOST: '127.0.0.1', EMAIL_PORT: String(closed) });
    try {
      const created = await invite(server, 'unreached@example.com');
      expect(created.emailSent).toBe(false);
      expect(created.inviteLink).toContain('/new-user?token=');
    } finally {
      await server.close();
    }
  });
});
