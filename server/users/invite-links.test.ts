import { describe, expect, it } from 'vitest';
import { expectError } from '../test-support/answers.ts';
import { USER_PASSWORD } from '../test-support/harness.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';

// No EMAIL_HOST: the invitation's link is only answered to the admin, who passes it on.
useServer();

const NEW_PASSWORD = 'Fresh-Passw0rd!x';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function addUser(email: string, extra: Record<string, unknown> = {}) {
  const created = await server.call('POST', 'api/admin/user-admin', {
    cookie: admin,
    body: { email, name: 'Ivy Invited', rootRole: 2, ...extra },
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: number; inviteLink: string };
}

/** The user's `inviteLink` in GET api/admin/user-admin. */
async function listedLink(id: number): Promise<string> {
  const list = await server.call('GET', 'api/admin/user-admin', { cookie: admin });
  expect(list.status).toBe(200);
  const row = list.body.users.find((u: { id: number }) => u.id === id);
  expect(row, `user ${id} is listed`).toBeDefined();
  return row.inviteLink;
}

describe('inviteLink in the user list', () => {
  it("lists an open invitation's link, the one the creation answered, until it is used", async () => {
    const created = await addUser('ivy@example.com');
    expect(created.inviteLink).toMatch(/^http:\/\/localhost:4242\/new-user\?token=[A-Za-z0-9_-]{43}$/);
    expect(await listedLink(created.id)).toBe(created.inviteLink);

    const token = tokenOf(await listedLink(created.id));
    const validated = await server.call('GET', `auth/reset/validate?token=${token}`);
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ id: created.id, email: 'ivy@example.com', createdBy: 'admin' });
    const set = await server.call('POST', 'auth/reset/password', { body: { token, password: NEW_PASSWORD } });
    expect(set.status, set.text).toBe(200);
    await server.login('ivy@example.com', NEW_PASSWORD);

    expect(await listedLink(created.id)).toBe('');
    const again = await server.call('POST', 'auth/reset/password', { body: { token, password: NEW_PASSWORD } });
    expectError(again, 401, 'InvalidTokenError', 'Token was not valid');
    // Used, the token is no longer kept: only its hash is.
    expect(await server.sql(`select invite_token from reset_tokens where user_id = ${created.id}`)).toEqual([
      { invite_token: null },
    ]);
  });

  it('lists no link for a user created with a password, beside an invited one', async () => {
    const ready = await addUser('ready@example.com', { password: USER_PASSWORD });
    const invited = await addUser('beside@example.com');
    expect(ready.inviteLink).toBe('');
    expect([await listedLink(ready.id), await listedLink(invited.id)]).toEqual(['', invited.inviteLink]);
  });

  it('lists no link once a password-reset link replaced the invitation; the reset link is kept as a hash only', async () => {
    const created = await addUser('forgetful@example.com');
    expect(await listedLink(created.id)).toBe(created.inviteLink);
    const asked = await server.call('POST', 'auth/reset/password-email', { body: { email: 'forgetful@example.com' } });
    expect(asked.status).toBe(200);

    expect(await listedLink(created.id)).toBe('');
    const old = await server.call('GET', `auth/reset/validate?token=${tokenOf(created.inviteLink)}`);
    expectError(old, 401, 'InvalidTokenError', 'Token was not valid');
    expect(await server.sql(`select invite_token from reset_tokens where user_id = ${created.id}`)).toEqual([
      { invite_token: null },
      { invite_token: null },
    ]);
  });

  it('lists no link once an admin has set the invited user a password', async () => {
    const created = await addUser('set-by-admin@example.com');
    expect(await listedLink(created.id)).toBe(created.inviteLink);
    const set = await server.call('POST', `api/admin/user-admin/${created.id}/change-password`, {
      cookie: admin,
      body: { password: NEW_PASSWORD },
    });
    expect(set.status, set.text).toBe(200);
    expect(await listedLink(created.id)).toBe('');
    expect(await server.sql(`select invite_token from reset_tokens where user_id = ${created.id}`)).toEqual([
      { invite_token: null },
    ]);
  });
});
