import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../test-support/harness.ts';
import { admin, server, useServer } from '../test-support/fixture.ts';

useServer();

describe('GET api/admin/user', () => {
  it('returns the user, permissions, feedback and splash', async () => {
    const editor = await server.createUser('Editor');
    const response = await server.call('GET', 'api/admin/user', { cookie: editor.cookie });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: editor.id, email: editor.email, isAPI: false, rootRole: 2 });
    expect(response.body.permissions).toContainEqual({ project: 'default', permission: 'UPDATE_FEATURE' });
    expect(response.body.permissions).toContainEqual({ project: null, permission: 'CREATE_STRATEGY' });
    expect(response.body.feedback).toEqual([]);
    expect(response.body.splash).toEqual({ environment: false });
  });

  it('records feedback and splash', async () => {
    const viewer = await server.createUser('Viewer');
    const given = await server.call('POST', 'api/admin/feedback', {
      cookie: viewer.cookie,
      body: { feedbackId: 'pnps' },
    });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ userId: viewer.id, feedbackId: 'pnps', neverShow: false });
    const never = await server.call('PUT', 'api/admin/feedback/pnps', {
      cookie: viewer.cookie,
      body: { feedbackId: 'pnps', neverShow: true },
    });
    expect(never.body.neverShow).toBe(true);
    expect((await server.call('POST', 'api/admin/splash/environment', { cookie: viewer.cookie })).status).toBe(200);
    const me = await server.call('GET', 'api/admin/user', { cookie: viewer.cookie });
    expect(me.body.feedback).toEqual([expect.objectContaining({ feedbackId: 'pnps', neverShow: true })]);
    expect(me.body.splash).toEqual({ environment: true });
  });
});

describe('permissions', () => {
  it('gives a Viewer 403 on an admin route, and nothing changes', async () => {
    const viewer = await server.createUser('Viewer');
    const before = await server.sql('select count(*)::int as n from users');
    const response = await server.call('POST', 'api/admin/user-admin', {
      cookie: viewer.cookie,
      body: { email: 'sneaky@example.com', rootRole: 1 },
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ name: 'NoAccessError', permission: 'ADMIN' });
    expect(await server.sql('select count(*)::int as n from users')).toEqual(before);
    expect((await server.call('GET', 'api/admin/user-admin', { cookie: viewer.cookie })).status).toBe(403);
  });
});

describe('user administration', () => {
  it('lists users with root roles', async () => {
    const response = await server.call('GET', 'api/admin/user-admin', { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.body.users[0]).toMatchObject({ id: 1, username: 'admin', rootRole: 1, inviteLink: '' });
    expect(response.body.rootRoles.map((r: { name: string }) => r.name).sort()).toEqual(['Admin', 'Editor', 'Viewer']);
  });

  it('creates, updates and deletes a user, with audit events', async () => {
    const created = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'Jane@Example.com', name: 'Jane Doe', rootRole: 2, sendEmail: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'jane@example.com',
      name: 'Jane Doe',
      rootRole: 2,
      emailSent: false,
    });
    expect(created.body.inviteLink).toMatch(/^http:\/\/localhost:4242\/new-user\?token=[A-Za-z0-9_-]{43}$/);
    const duplicate = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'jane@example.com', rootRole: 2 },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details[0].message).toBe('User already exists');
    const invalid = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'nope', rootRole: 2 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details[0].path).toEqual(['email']);

    const id = created.body.id;
    const updated = await server.call('PUT', `api/admin/user-admin/${id}`, { cookie: admin, body: { rootRole: 3 } });
    expect(updated.body).toMatchObject({ id, rootRole: 3, name: 'Jane Doe' });
    expect((await server.call('DELETE', `api/admin/user-admin/${id}`, { cookie: admin })).status).toBe(200);
    expect((await server.call('GET', `api/admin/user-admin/${id}`, { cookie: admin })).status).toBe(404);
    expect((await server.call('DELETE', `api/admin/user-admin/${id}`, { cookie: admin })).status).toBe(404);

    const events = await server.sql(
      `select type, created_by, data, pre_data from events where coalesce(data->>'id', pre_data->>'id') = '${id}' order by id`,
    );
    expect(events.map((e) => e.type)).toEqual(['user-created', 'user-updated', 'user-deleted']);
    expect(events.every((e) => e.created_by === 'admin')).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(/password/i);
  });

  it("ends the user's sessions when the user is deleted", async () => {
    const editor = await server.createUser('Editor');
    expect((await server.call('GET', 'api/admin/user', { cookie: editor.cookie })).status).toBe(200);
    await server.call('DELETE', `api/admin/user-admin/${editor.id}`, { cookie: admin });
    expect((await server.call('GET', 'api/admin/user', { cookie: editor.cookie })).status).toBe(401);
    expect(await server.sql(`select * from sessions where user_id = ${editor.id}`)).toEqual([]);
  });

  it("lets an admin set a password (policy applies) and ends that user's sessions", async () => {
    const viewer = await server.createUser('Viewer');
    const weak = await server.call('POST', `api/admin/user-admin/${viewer.id}/change-password`, {
      cookie: admin,
      body: { password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.name).toBe('OwaspValidationError');
    const ok = await server.call('POST', `api/admin/user-admin/${viewer.id}/change-password`, {
      cookie: admin,
      body: { password: 'Brand-New-Passw0rd' },
    });
    expect(ok.status).toBe(200);
    expect((await server.call('GET', 'api/admin/user', { cookie: viewer.cookie })).status).toBe(401);
    await expect(server.login(viewer.email, 'Brand-New-Passw0rd')).resolves.toMatch(/^unleash-session=/);
  });
});

describe('response schemas', () => {
  // The views hand the whole user row to the serializer: only what UserSchema declares may reach the client.
  const USER = [
    'createdAt',
    'email',
    'id',
    'imageUrl',
    'isAPI',
    'loginAttempts',
    'name',
    'rootRole',
    'seenAt',
    'username',
  ];
  const keys = (o: object) => Object.keys(o).sort();

  it('serve exactly the declared user fields, never the password hash', async () => {
    const created = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'keys@example.com', rootRole: 2, password: 'Keys-Passw0rd!' },
    });
    expect(keys(created.body)).toEqual([...USER, 'emailSent', 'inviteLink'].sort());
    const id = created.body.id;
    const cookie = await server.login('keys@example.com', 'Keys-Passw0rd!');
    const answers = [
      created,
      await server.call('POST', 'auth/simple/login', {
        body: { username: 'keys@example.com', password: 'Keys-Passw0rd!' },
      }),
      await server.call('GET', `api/admin/user-admin/${id}`, { cookie: admin }),
      await server.call('PUT', `api/admin/user-admin/${id}`, { cookie: admin, body: { name: 'Keys' } }),
      await server.call('GET', 'api/admin/user', { cookie }),
      await server.call('GET', 'api/admin/user-admin', { cookie: admin }),
    ];
    for (const answer of answers.slice(1, 4)) expect(keys(answer.body)).toEqual(USER);
    expect(keys(answers[4].body.user)).toEqual(USER);
    for (const user of answers[5].body.users) expect(keys(user)).toEqual([...USER, 'inviteLink'].sort());
    for (const answer of answers) expect(answer.text).not.toMatch(/passwordHash|password_hash|argon2/);
  });

  it('send no avatar URL: nothing points a console at another origin, nor tells one who is signed in', async () => {
    const created = await server.call('POST', 'api/admin/user-admin', {
      cookie: admin,
      body: { email: 'avatar@example.com', name: 'Ava Tar', rootRole: 3, password: 'Avatar-Passw0rd!' },
    });
    expect(created.body.imageUrl).toBe('');
    const cookie = await server.login('avatar@example.com', 'Avatar-Passw0rd!');
    const me = await server.call('GET', 'api/admin/user', { cookie });
    const list = await server.call('GET', 'api/admin/user-admin', { cookie: admin });
    const users = [me.body.user, ...list.body.users];
    expect(users.length).toBeGreaterThan(1);
    for (const user of users) expect(user.imageUrl).toBe('');
    expect(me.text + list.text).not.toMatch(/gravatar/i);
  });
});

describe('passwords', () => {
  it('validates a password without signing in, listing every violated rule', async () => {
    const weak = await server.call('POST', 'auth/reset/validate-password', { body: { password: 'aaab' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({
      name: 'OwaspValidationError',
      isJoi: true,
      message: 'The password must be at least 10 characters long.',
      details: [
        {
          message: 'The password must be at least 10 characters long.',
          validationErrors: [
            'The password must be at least 10 characters long.',
            'The password may not contain sequences of three or more repeated characters.',
            'The password must contain at least one uppercase letter.',
            'The password must contain at least one number.',
            'The password must contain at least one special character.',
          ],
        },
      ],
    });
    const ok = await server.call('POST', 'auth/reset/validate-password', { body: { password: 'Str0ng!Passw0rd-xyz' } });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('');
    const admin400 = await server.call('POST', 'api/admin/user-admin/validate-password', {
      cookie: admin,
      body: { password: 'abc' },
    });
    expect(admin400.status).toBe(400);
  });

  it('changes the own password: mismatch and weak passwords are refused', async () => {
    const editor = await server.createUser('Editor');
    const mismatch = await server.call('POST', 'api/admin/user/change-password', {
      cookie: editor.cookie,
      body: { password: 'Another-Passw0rd', confirmPassword: 'Another-Passw0rd?' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details[0].path).toEqual(['confirmPassword']);
    const weak = await server.call('POST', 'api/admin/user/change-password', {
      cookie: editor.cookie,
      body: { password: 'weakweak', confirmPassword: 'weakweak' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.name).toBe('OwaspValidationError');
    await expect(server.login(editor.email, editor.password)).resolves.toBeTruthy();
    const ok = await server.call('POST', 'api/admin/user/change-password', {
      cookie: editor.cookie,
      body: { password: 'Another-Passw0rd', confirmPassword: 'Another-Passw0rd' },
    });
    expect(ok.status).toBe(200);
    await expect(server.login(editor.email, 'Another-Passw0rd')).resolves.toBeTruthy();
    const old = await server.call('POST', 'auth/simple/login', {
      body: { username: editor.email, password: editor.password },
    });
    expect(old.status).toBe(401);
    const hashes = await server.sql(`select password_hash from users where id = ${editor.id}`);
    expect(String(hashes[0].password_hash)).toMatch(/^\$argon2id\$/);
  });

  it("ends one's other sessions on an own password change, and keeps the one it was made in", async () => {
    const editor = await server.createUser('Editor');
    const other = await server.login(editor.email, editor.password);
    const ok = await server.call('POST', 'api/admin/user/change-password', {
      cookie: editor.cookie,
      body: { password: 'Yet-Another-Passw0rd', confirmPassword: 'Yet-Another-Passw0rd' },
    });
    expect(ok.status).toBe(200);
    expect((await server.call('GET', 'api/admin/user', { cookie: editor.cookie })).status).toBe(200);
    expect((await server.call('GET', 'api/admin/user', { cookie: other })).status).toBe(401);
    expect(await server.sql(`select * from sessions where user_id = ${editor.id}`)).toHaveLength(1);
  });

  it('does not let the first admin password leak into events', async () => {
    const rows = await server.sql(
      `select data from events where type = 'user-created' and data->>'username' = 'admin'`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(ADMIN_PASSWORD);
  });
});
