// Users and invitations, as a new user goes. With SMTP (a real smtp-server on loopback) at 1280x800: the
// admin adds a user from the admin menu's Users screen; the invitation is read from the SMTP server, its link opened,
// a password set and the user signs in. Then the login page's 'Forgot password?' link: the reset e-mail's link sets
// a new password (/login?reset=true), and the used link shows the Invalid token view. Without SMTP: the invite link
// is shown and copied, then copied again from the user's row. At 390x844 the screen, reached from the drawer, fits
// and its targets are at least 44 px.
import type { Browser, Page } from '@playwright/test';
import { startInbox, type Inbox } from '../../server/users/test-inbox.ts';
import { expectTouchTargets } from '../support/targets.ts';
import { ADMIN_USERNAME, adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const FIRST_PASSWORD = 'Invited-Passw0rd!';
const RESET_PASSWORD = 'Reset-Passw0rd!9';

/** The page a link leads to, on the server under test (the link names UNLEASH_URL's default host, localhost). */
const onServer = (link: string, url: string) => {
  const { pathname, search } = new URL(link);
  return `${url}${pathname}${search}`;
};

/** A fresh browser context: a person who is not signed in. */
async function stranger(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** Types a new password and its confirmation, and waits until the server's rule has accepted it. */
async function setPassword(page: Page, password: string, submit: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  const button = page.getByRole('button', { name: submit });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  await button.click();
}

async function openUsers(page: Page) {
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
}

async function addUser(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'Add new user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add team member' });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('You must specify the email address')).toBeVisible();
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  // The root roles as the server sends them (Editor, Admin, Viewer), sorted by the first letter of the name.
  const roles = await dialog
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent));
  expect(roles).toEqual(['Admin', 'Editor', 'Viewer']);
  await expect(dialog.getByRole('radio', { name: 'Editor' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Send email' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  return page.getByRole('dialog', { name: 'Team member added' });
}

test.describe('with SMTP', () => {
  let inbox: Inbox;
  const mailEnv: Record<string, string> = {};
  test.beforeAll(async () => {
    inbox = await startInbox();
    Object.assign(mailEnv, inbox.env);
  });
  test.afterAll(async () => {
    await inbox?.close();
  });
  const server = freshServer(mailEnv);

  test('an invited user sets a password from the e-mail, later resets it from the login page', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, server().url);
    await openUsers(page);
    await expect(page.getByRole('row', { name: new RegExp(ADMIN_USERNAME) })).toBeVisible();
    const added = await addUser(page, 'Ida Invited', 'ida@example.com');
    await expect(added.getByText('We have sent an e-mail to ida@example.com')).toBeVisible();
    await added.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('row', { name: /Ida Invited/ })).toBeVisible();

    const invitation = await inbox.next('ida@example.com');
    expect(invitation.raw).toContain('Subject: Welcome to Switchyard');
    expect(invitation.link).toMatch(/\/new-user\?token=/);
    const ida = await stranger(browser);
    await ida.goto(onServer(invitation.link!, server().url));
    await expect(ida.getByRole('heading', { name: 'Welcome to Switchyard' })).toBeVisible();
    await expect(ida.getByText(`${ADMIN_USERNAME} has invited you`)).toBeVisible();
    await expect(ida.getByRole('textbox', { name: 'Username' })).toHaveValue('ida@example.com');
    await expect(ida.getByRole('textbox', { name: 'Username' })).toHaveAttribute('readonly', '');
    await setPassword(ida, FIRST_PASSWORD, 'Set password');
    await expect(ida).toHaveURL(/\/login\?email=ida%40example\.com$/);
    await expect(ida.getByRole('textbox', { name: 'Username or email' })).toHaveValue('ida@example.com');
    await signIn(ida, server().url, 'ida@example.com', FIRST_PASSWORD);
    await ida.context().close();

    // Forgotten password, from the login page's link.
    const forgetful = await stranger(browser);
    await forgetful.goto(`${server().url}/login`);
    await forgetful.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(forgetful).toHaveURL(/\/forgotten-password$/);
    await forgetful.getByRole('textbox', { name: 'Email' }).fill('ida@example.com');
    await forgetful.getByRole('button', { name: 'Submit' }).click();
    await expect(forgetful.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(forgetful.getByText('Attempted to send email')).toBeVisible();
    const reset = await inbox.next('ida@example.com');
    expect(reset.raw).toContain('Subject: Switchyard - Reset your password');
    const resetPage = onServer(reset.link!, server().url);
    await forgetful.goto(resetPage);
    await expect(forgetful.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await setPassword(forgetful, RESET_PASSWORD, 'Submit');
    await expect(forgetful).toHaveURL(/\/login\?reset=true$/);
    await expect(forgetful.getByText('You successfully reset your password.')).toBeVisible();
    await signIn(forgetful, server().url, 'ida@example.com', RESET_PASSWORD);

    // The used link: the Invalid token view, whose button asks for a new one.
    await forgetful.goto(resetPage);
    await expect(forgetful.getByRole('heading', { name: 'Invalid token' })).toBeVisible();
    await expect(forgetful.getByText('Your token has either been used to reset your password')).toBeVisible();
    await forgetful.getByRole('link', { name: 'Reset password' }).click();
    await expect(forgetful).toHaveURL(/\/forgotten-password$/);
    await forgetful.context().close();
  });
});

test.describe('without SMTP', () => {
  const server = freshServer();
  const adminApi = adminApiOf(server);
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the invite link is shown and copied', async ({ page }) => {
    await signIn(page, server().url);
    await openUsers(page);
    const added = await addUser(page, 'Nora Nomail', 'nora@example.com');
    const link = await added.getByLabel('Invite link').innerText();
    expect(link).toMatch(/\/new-user\?token=[A-Za-z0-9_-]{43}$/);
    await added.getByRole('button', { name: 'Copy invite link' }).click();
    await expect(page.getByText('Successfully copied invite link.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const { users } = await adminApi('GET', 'api/admin/user-admin');
    expect(users.map((u: { email: string | null }) => u.email)).toContain('nora@example.com');

    // Until Nora sets a password, her row offers the same link.
    await added.getByRole('button', { name: 'Close' }).last().click();
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page
      .getByRole('row', { name: /Nora Nomail/ })
      .getByRole('button', { name: 'Copy invite link of Nora Nomail' })
      .click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(
      page.getByRole('row', { name: new RegExp(ADMIN_USERNAME) }).getByRole('button', { name: /Copy invite link/ }),
    ).toHaveCount(0);
  });

  test.describe('at 390x844', () => {
    test.use(PHONE);

    test('the users screen fits the screen and its targets are at least 44 px', async ({ page }) => {
      await signIn(page, server().url);
      await page.getByRole('button', { name: 'Open navigation' }).tap();
      await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Users' }).tap();
      await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Users' });
      await expect(table.getByRole('row', { name: new RegExp(ADMIN_USERNAME) })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const targets = [page.getByRole('button', { name: 'Add new user' }), ...(await table.getByRole('button').all())];
      expect(targets.length).toBeGreaterThanOrEqual(4);
      await expectTouchTargets(targets);
    });
  });
});
