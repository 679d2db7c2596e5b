import { describe, expect, it } from 'vitest';
import { startServer, ADMIN_PASSWORD } from '../test-support/harness.ts';
import { server, useServer } from '../test-support/fixture.ts';

useServer({
  env: {
    INIT_ADMIN_API_TOKENS: '*:*.init-admin-secret-0123456789',
    INIT_CLIENT_API_TOKENS: 'default:development.init-client-secret-0123456789',
  },
});

describe('password sign-in', () => {
  it('signs in, sets an HttpOnly SameSite=Lax session cookie, and the session works', async () => {
    const response = await server.call('POST', 'auth/simple/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 1, username: 'admin', isAPI: false, loginAttempts: 0 });
    expect(response.body).not.toHaveProperty('passwordHash');
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/unleash-session=[^;]+; .*Path=\//);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = setCookie.split(';')[0];
    const me = await server.call('GET', 'api/admin/user', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe('admin');
    expect(me.body.permissions).toEqual([{ project: null, permission: 'ADMIN' }]);
  });

  it('refuses missing fields with 400', async () => {
    const response = await server.call('POST', 'auth/simple/login', { body: { username: 'admin' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'ValidationError', message: 'You must provide username and password' });
  });

  it('refuses a wrong password and an unknown user with the same 401', async () => {
    for (const body of [
      { username: 'admin', password: 'nope' },
      { username: 'nobody@example.com', password: ADMIN_PASSWORD },
    ]) {
      const response = await server.call('POST', 'auth/simple/login', { body });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ name: 'PasswordMismatchError', message: 'Wrong password, try again.' });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('limits failed attempts per username (429), even with the right password', async () => {
    const user = await server.createUser('Viewer');
    for (let i = 0; i < 10; i++) {
      const response = await server.call('POST', 'auth/simple/login', {
        body: { username: user.email, password: 'wrong' },
      });
      expect(response.status).toBe(401);
    }
    const limited = await server.call('POST', 'auth/simple/login', {
      body: { username: user.email, password: user.password },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.name).toBe('TooManyRequestsError');
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(limited.body.details[0].message).toBe(limited.body.message);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // other users are not affected
    await expect(server.login('admin', ADMIN_PASSWORD)).resolves.toMatch(/^unleash-session=/);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it("marks the cookie Secure when the request came over HTTPS, and limits by the client's address", async () => {
    const proxied = await startServer({ TRUST_PROXY: '127.0.0.1' });
    try {
      const signIn = (password: string, headers: Record<string, string>) =>
        proxied.call('POST', 'auth/simple/login', { body: { username: 'admin', password }, headers });
      const https = await signIn(ADMIN_PASSWORD, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.1' });
      expect(https.status).toBe(200);
      expect(https.headers.getSetCookie().join()).toMatch(/; Secure/);
      const http = await signIn(ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.1' });
      expect(http.headers.getSetCookie().join()).not.toMatch(/Secure/);

      // 50 failures from one client address lock that address, not the proxy's other clients.
      for (let i = 0; i < 50; i++) {
        const answer = await proxied.call('POST', 'auth/simple/login', {
          body: { username: `nobody-${i}`, password: 'Wrong-Passw0rd' },
          headers: { 'x-forwarded-for': '203.0.113.66' },
        });
        expect(answer.status).toBe(401);
      }
      expect((await signIn(ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.66' })).status).toBe(429);
      expect((await signIn(ADMIN_PASSWORD, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('believes no forwarded header without TRUST_PROXY: the cookie is not Secure', async () => {
    const response = await server.call('POST', 'auth/simple/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).not.toMatch(/Secure/);
  });
});

describe('401 body', () => {
  it('has the shape the console sign-in dialog reads', async () => {
    const response = await server.call('GET', 'api/admin/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      type: 'password',
      path: '/auth/simple/login',
      message: 'You must sign in order to use Unleash',
      defaultHidden: false,
      options: [],
    });
  });

  it('names the base path, and every route lives under it', async () => {
    const based = await startServer({ BASE_URI_PATH: 'yard/' });
    try {
      expect(based.base).toBe('/yard');
      const response = await based.call('GET', 'api/admin/user');
      expect(response.status).toBe(401);
      expect(response.body.path).toBe('/yard/auth/simple/login');
      expect((await based.call('GET', 'health')).body).toEqual({ health: 'GOOD' });
      const cookie = await based.login('admin', ADMIN_PASSWORD);
      expect((await based.call('GET', 'api/admin/user', { cookie })).status).toBe(200);
      const outside = await fetch(`${based.url}/api/admin/user`, { headers: { cookie } });
      expect(outside.status).toBe(404);
    } finally {
      await based.close();
    }
  });
});

describe('logout', () => {
  it('POST ends the session server-side and clears the cookie', async () => {
    const cookie = await server.login('admin', ADMIN_PASSWORD);
    const other = await server.login('admin', ADMIN_PASSWORD);
    const response = await server.call('POST', 'logout', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('clear-site-data')).toBe('"cookies"');
    expect(response.headers.getSetCookie().join()).toMatch(/unleash-session=;.*HttpOnly.*SameSite=Lax/);
    expect((await server.call('GET', 'api/admin/user', { cookie })).status).toBe(401);
    // only that session ends
    expect((await server.call('GET', 'api/admin/user', { cookie: other })).status).toBe(200);
  });

  it('GET signs nobody out (an <img src=/logout> on another page does nothing)', async () => {
    const cookie = await server.login('admin', ADMIN_PASSWORD);
    const image = await server.call('GET', 'logout', { cookie, headers: { accept: 'image/*' } });
    expect(image.status).toBe(404);
    expect(image.headers.getSetCookie()).toEqual([]);
    // A navigation gets the console, whose logout page signs out by POST.
    const page = await server.call('GET', 'logout', { cookie, headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/(html|plain)/);
    expect(page.headers.getSetCookie()).toEqual([]);
    expect((await server.call('GET', 'api/admin/user', { cookie })).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await server.call('POST', 'logout');
    expect(response.status).toBe(401);
  });
});

describe('API tokens as credentials', () => {
  it('accepts an ADMIN token raw and with Bearer', async () => {
    for (const token of ['*:*.init-admin-secret-0123456789', 'Bearer *:*.init-admin-secret-0123456789']) {
      const response = await server.call('GET', 'api/admin/user-admin', { token });
      expect(response.status).toBe(200);
      expect(response.body.users.length).toBeGreaterThan(0);
    }
    const me = await server.call('GET', 'api/admin/user', { token: '*:*.init-admin-secret-0123456789' });
    expect(me.body.user).toEqual({
      isAPI: true,
      username: 'init-admin-token',
      project: '*',
      environment: '*',
      type: 'admin',
    });
    // The view hands the whole token row to the serializer: the response schema keeps the secret out.
    expect(me.text).not.toContain('init-admin-secret');
  });

  it('refuses a CLIENT token on api/admin with a 403 JSON body', async () => {
    const response = await server.call('GET', 'api/admin/user', {
      token: 'default:development.init-client-secret-0123456789',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ name: 'NoAccessError' });
    expect(response.body.details[0].message).toMatch(/client API/);
  });

  it('refuses an unknown token with 401', async () => {
    const response = await server.call('GET', 'api/admin/user', { token: '*:*.not-a-real-token' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ name: 'UnauthorizedError' });
  });
});

describe('AUTH_TYPE', () => {
  it('demo: signs in with an e-mail only, creating the user on first sign-in', async () => {
    const demo = await startServer({ AUTH_TYPE: 'demo' });
    try {
      expect((await demo.call('GET', 'api/admin/user')).body).toMatchObject({ type: 'demo', path: '/auth/demo/login' });
      expect(
        (await demo.call('POST', 'auth/simple/login', { body: { username: 'admin', password: ADMIN_PASSWORD } }))
          .status,
      ).toBe(404);
      const bad = await demo.call('POST', 'auth/demo/login', { body: { email: 'not-an-email' } });
      expect(bad.status).toBe(400);
      const first = await demo.call('POST', 'auth/demo/login', { body: { email: 'Demo@Example.com' } });
      expect(first.status).toBe(200);
      const again = await demo.call('POST', 'auth/demo/login', { body: { email: 'demo@example.com' } });
      expect(again.body.id).toBe(first.body.id);
      const cookie = again.headers.getSetCookie()[0].split(';')[0];
      const me = await demo.call('GET', 'api/admin/user', { cookie });
      expect(me.body.user.email).toBe('demo@example.com');
      expect((await demo.call('GET', 'api/admin/ui-config')).body.authenticationType).toBe('demo');
    } finally {
      await demo.close();
    }
  });

  it('none: every request acts as an admin', async () => {
    const open = await startServer({ AUTH_TYPE: 'none' });
    try {
      const me = await open.call('GET', 'api/admin/user');
      expect(me.status).toBe(200);
      expect(me.body.permissions).toEqual([{ project: null, permission: 'ADMIN' }]);
      expect((await open.call('GET', 'api/admin/user-admin')).status).toBe(200);
      expect((await open.call('GET', 'api/admin/ui-config')).body.authenticationType).toBe('none');
    } finally {
      await open.close();
    }
  });
});
