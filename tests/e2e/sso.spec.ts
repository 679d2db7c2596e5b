// Single sign-on with OpenID Connect, as a new admin goes: a real OpenID provider (`oidc-provider` 8 with
// its development login form) runs in the test process on loopback. The admin opens 'Single Sign-On' from the Admin
// menu at 1280x800, configures OpenID Connect with auto-create (the default role, Editor), and signs out; the login
// page shows the provider's button, the person signs in at the provider in Chromium and lands on /features as the
// auto-created user with that role; with single sign-out on, Logout ends the provider's session too (signing in
// again asks for credentials). At 390x844 the settings page fits the screen and its targets are 44 px.
// The browser uses `localhost`, the server's public URL (UNLEASH_URL's default), so the callback comes back to it.
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../support/server.ts';
import { expectTouchTargets } from '../support/targets.ts';
import { expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const server = freshServer();
const CLIENT_ID = 'switchyard-e2e';
const CLIENT_SECRET = 'e2e-client-secret-7c1f';
const PERSON = { email: 'sso-person@example.com', name: 'Sso Person' };

let issuer: string;
let provider: Server;
const origin = () => server().url.replace('127.0.0.1', 'localhost');

test.beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${origin()}/auth/oidc/callback`],
        post_logout_redirect_uris: [`${origin()}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: PERSON.email, email_verified: true, name: PERSON.name }),
    }),
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['switchyard-e2e-cookie-key'] },
  });
  provider = oidc.listen(port, '127.0.0.1');
  await new Promise<void>((done) => provider.once('listening', () => done()));
});

test.afterAll(async () => {
  await new Promise((done) => provider?.close(done));
});

test('an admin configures OpenID Connect; a new person signs in through the provider, auto-created', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, origin());

  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('link', { name: 'Single Sign-On' }).click();
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await expect(page.getByRole('tab', { name: 'OpenID Connect', selected: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'OpenID Connect' });

  // Enabled without its required fields: refused in the form, nothing sent.
  await form.getByRole('switch', { name: /^Enable Enable Open Id Connect/ }).check({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('"discoverUrl" is required')).toBeVisible();

  await form.getByRole('textbox', { name: 'Discover URL' }).fill(`${issuer}/.well-known/openid-configuration`);
  await form.getByRole('textbox', { name: 'Client ID' }).fill(CLIENT_ID);
  await form.getByLabel('Client Secret').fill(CLIENT_SECRET);
  await form.getByRole('switch', { name: /^Enable Single Sign-Out/ }).check({ force: true });
  await form.getByRole('switch', { name: /^Auto-create users/ }).check({ force: true });
  await form.getByRole('textbox', { name: 'Email domains' }).fill('@example.com');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Settings stored');
  await expect(form.getByRole('status')).toHaveText('', { timeout: 15_000 });
  await expect(form.getByLabel('Client Secret')).toHaveValue('*****');
  const stored = await (await page.request.get(`${origin()}/api/admin/auth/oidc/settings`)).json();
  expect(stored).toMatchObject({
    enabled: true,
    clientId: CLIENT_ID,
    secret: '*****',
    enableSingleSignOut: true,
    defaultRootRole: 'Editor',
  });

  // Signed out, the login page offers the provider.
  await page.goto(`${origin()}/logout`);
  await expect(page).toHaveURL(/\/login$/);
  const button = page.getByRole('link', { name: 'Sign in with OpenID Connect' });
  await expect(button).toBeVisible();
  await button.click();

  // The provider's development login form, then its consent.
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('sso-person');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click(); // 'Continue' on the consent page

  await expect(page).toHaveURL(new RegExp(`^${origin()}/features$`), { timeout: 60_000 });
  const me = await page.request.get(`${origin()}/api/admin/user`);
  expect(me.status()).toBe(200);
  const session = await me.json();
  expect(session.user).toMatchObject({ email: PERSON.email, name: PERSON.name, rootRole: 2 });
  expect(session.permissions.map((p: { permission: string }) => p.permission)).not.toContain('ADMIN');

  // Single sign-out: Logout in the console ends the provider's session too (its confirmation page), and the
  // browser comes back to the login page; signing in again asks for credentials. (A first sign-in: the
  // environments walkthrough opens first.)
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Environments are here' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${origin()}/login`, { timeout: 60_000 });
  expect((await page.request.get(`${origin()}/api/admin/user`)).status()).toBe(401);
  await page.getByRole('link', { name: 'Sign in with OpenID Connect' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the Single Sign-On page fits the screen and its targets are at least 44 px', async ({ page }) => {
    await signIn(page, origin());
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Single Sign-On' }).tap();
    await expect(page).toHaveURL(/\/admin\/auth$/);
    for (const tab of ['SAML 2.0', 'Google', 'OpenID Connect']) {
      await page.getByRole('tab', { name: tab }).tap();
      const form = page.getByRole('form', { name: tab });
      await expect(form).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectTouchTargets([page.getByRole('tab', { name: tab }), form.getByRole('button', { name: 'Save' })]);
    }
  });
});

// Last in this file: it leaves the password sign-in off (OpenID Connect stays enabled from the first test).
test('an admin turns the password sign-in off; the login page then offers the provider only', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, origin());
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('link', { name: 'Single Sign-On' }).click();
  const form = page.getByRole('form', { name: 'Password login' });
  const allowed = form.getByRole('switch', { name: /^Allow users to sign in with username and password/ });
  await expect(allowed).toBeChecked();
  await allowed.uncheck({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Settings stored')).toBeVisible();

  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const login = await visitor.newPage();
  await login.goto(`${origin()}/login`);
  await expect(login.getByRole('link', { name: 'Sign in with OpenID Connect' })).toBeVisible();
  await expect(login.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  await expect(login.getByText('Or sign in with username')).toHaveCount(0);
  await visitor.close();
});
