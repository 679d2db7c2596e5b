import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../test-support/harness.ts';
import { server, useServer } from '../test-support/fixture.ts';

// A real OpenID provider (oidc-provider 8, its development login form and RP-initiated logout) on loopback; the
// browser's part of the authorisation code flow is played with fetch and the provider's cookies.
const CLIENT_ID = 'switchyard-server-test';
const CLIENT_SECRET = 'server-test-client-secret-41d2';

let provider: Server;
let issuer: string;

const oidcSettings = (changes: Record<string, unknown> = {}) => ({
  enabled: true,
  discoverUrl: `${issuer}/.well-known/openid-configuration`,
  clientId: CLIENT_ID,
  secret: CLIENT_SECRET,
  enableSingleSignOut: false,
  acrValues: '',
  autoCreate: true,
  defaultRootRole: 'Viewer',
  emailDomains: 'example.com',
  ...changes,
});

async function saveOidc(changes: Record<string, unknown> = {}) {
  const saved = await server.call('POST', 'api/admin/auth/oidc/settings', {
    cookie: await server.adminCookie(),
    body: oidcSettings(changes),
  });
  expect(saved.status).toBe(200);
}

/** The provider's side of a browser: follows its redirects, keeps its cookies, submits its forms. */
function providerBrowser() {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function go(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(new URL(url, issuer), {
      method: form ? 'POST' : 'GET',
      headers: { cookie: cookie(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    keep(response);
    return response;
  }
  /** Follows the provider's redirects until one leaves it (answers that URL) or a page is shown (answers it). */
  async function follow(url: string, form?: Record<string, string>): Promise<{ page?: string; left?: string }> {
    let response = await go(url, form);
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.origin !== issuer) return { left: next.href };
      response = await go(next.href);
      url = next.href;
    }
    return { page: await response.text() };
  }
  return { follow };
}

const formAction = (page: string) => /<form[^>]*action="([^"]+)"/.exec(page)![1];

/** Signs `login` in through the provider as a browser would; answers the session cookie and the provider's side. */
async function signInThroughProvider(login: string) {
  const started = await server.call('GET', 'auth/oidc/login');
  expect(started.status).toBe(302);
  const flowCookie = started.headers.getSetCookie()[0].split(';')[0];
  const browser = providerBrowser();
  const loginPage = await browser.follow(started.headers.get('location')!);
  const consent = await browser.follow(formAction(loginPage.page!), { prompt: 'login', login, password: 'any' });
  const back = await browser.follow(formAction(consent.page!), { prompt: 'consent' });
  const callback = new URL(back.left!);
  expect(callback.pathname).toBe(`${server.base}/auth/oidc/callback`);
  const signedIn = await server.call('GET', `auth/oidc/callback${callback.search}`, { cookie: flowCookie });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get('location')).toBe(`${server.base}/`);
  const session = signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('unleash-session='))!
    .split(';')[0];
  return { session, browser };
}

useServer();
beforeAll(async () => {
  // The provider's address is its issuer: listen first, then hand the requests to it.
  provider = createServer();
  await new Promise<void>((done) => provider.listen(0, '127.0.0.1', done));
  const { port } = provider.address() as AddressInfo;
  issuer = `http://127.0.0.1:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${server.config.unleashUrl}/auth/oidc/callback`],
        post_logout_redirect_uris: [`${server.config.unleashUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@example.com`, email_verified: true, name: `Person ${sub}` }),
    }),
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['switchyard-server-test-cookie-key'] },
  });
  provider.on('request', oidc.callback());
});

afterAll(async () => {
  await new Promise((done) => provider?.close(done));
});

describe('OpenID Connect sign-in and single sign-out', () => {
  it('auto-creates with the chosen default root role (Viewer), and signs out here only while single sign-out is off', async () => {
    await saveOidc({ defaultRootRole: 'Viewer', enableSingleSignOut: false });
    const { session } = await signInThroughProvider('vera');
    const me = await server.call('GET', 'api/admin/user', { cookie: session });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'vera@example.com', rootRole: 3 });
    const [stored] = await server.sql(
      `select s.provider, s.id_token from sessions s join users u on u.id = s.user_id where u.email = 'vera@example.com'`,
    );
    expect(stored.provider).toBe('oidc');
    expect(String(stored.id_token).split('.')).toHaveLength(3);
    expect(me.text).not.toContain(String(stored.id_token));

    const out = await server.call('POST', 'logout', { cookie: session });
    expect(out.status).toBe(200);
    expect(out.text).toBe('');
    expect((await server.call('GET', 'api/admin/user', { cookie: session })).status).toBe(401);
  });

  it('with single sign-out on, the answer is the provider’s end-session page, which the provider accepts', async () => {
    await saveOidc({ defaultRootRole: 'Admin', enableSingleSignOut: true });
    const { session, browser } = await signInThroughProvider('ada');
    const me = await server.call('GET', 'api/admin/user', { cookie: session });
    expect(me.body.user).toMatchObject({ email: 'ada@example.com', rootRole: 1 });
    const [stored] = await server.sql(
      `select s.id_token from sessions s join users u on u.id = s.user_id where u.email = 'ada@example.com'`,
    );

    const out = await server.call('POST', 'logout', { cookie: session });
    expect(out.status).toBe(200);
    const target = new URL(out.body.redirectUrl);
    expect(target.origin + target.pathname).toBe(`${issuer}/session/end`);
    expect(target.searchParams.get('id_token_hint')).toBe(stored.id_token);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${server.config.unleashUrl}/login`);
    expect((await server.call('GET', 'api/admin/user', { cookie: session })).status).toBe(401);
    expect(await server.sql(`select 1 from sessions where id_token = '${String(stored.id_token)}'`)).toHaveLength(0);

    // The provider takes the hint (its confirmation form), ends its session and sends the browser to the login page.
    const confirm = await browser.follow(target.href);
    const action = formAction(confirm.page!);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.page!)![1];
    const done = await browser.follow(action, { xsrf, logout: 'yes' });
    expect(done.left).toBe(`${server.config.unleashUrl}/login`);

    // A password session's sign-out answers no body, single sign-out on or not.
    const password = await server.login('admin', ADMIN_PASSWORD);
    const passwordOut = await server.call('POST', 'logout', { cookie: password });
    expect(passwordOut.status).toBe(200);
    expect(passwordOut.text).toBe('');
  });
});
