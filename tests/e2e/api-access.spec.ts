// API access, as a new user goes: an admin signs in for the first time and sees the environments walkthrough once
// (Back after the first step, Finish on the last; not again after a reload, also not after one made before the console
// has stored that it was seen). From the Configure menu at 1280x800 a client token is created for one environment,
// copied, and used by a real unleash-client SDK that sees a toggle enabled there; its expiry is changed; it is deleted
// after the confirmation and stops working. /admin goes to /admin/users; the hidden /admin-invoices has none. At
// 390x844, from the phone drawer, the page fits the screen and its targets are at least 44 px. A real server on a
// fresh data folder, Debian's Chromium.
import type { Page } from '@playwright/test';
import { initialize, InMemStorageProvider } from 'unleash-client';
import { expectTouchTargets } from '../support/targets.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  adminApiOf,
  apiOf,
  expect,
  freshServer,
  PHONE,
  signIn,
  test,
} from './fixtures.ts';

const server = freshServer();
const api = apiOf(server);
const adminApi = adminApiOf(server);
const TOGGLE = 'checkout.sdk-check';

/** The SDK's view of `toggle` with `secret`: waits for its first fetch from the server, then asks. */
async function sdkSees(secret: string, toggle: string): Promise<boolean> {
  const client = initialize({
    url: `${server().url}/api/`,
    appName: 'api-access-e2e',
    customHeaders: { Authorization: secret },
    disableMetrics: true,
    refreshInterval: 60_000,
    storageProvider: new InMemStorageProvider(),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('synchronized', () => resolve());
      client.once('error', reject);
    });
    return client.isEnabled(toggle);
  } finally {
    client.destroy();
  }
}

const walkthrough = (page: Page) => page.getByRole('dialog');

test.describe('at 1280x800', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a first sign-in shows the environments walkthrough once', async ({ page }) => {
    // Through the form, without the fixture (which marks the walkthrough seen): a user who never saw it.
    await page.goto(`${server().url}/login`);
    await page.getByRole('textbox', { name: 'Username or email' }).fill(ADMIN_USERNAME);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(walkthrough(page).getByRole('heading', { name: 'Environments are here' })).toBeVisible();
    await expect(walkthrough(page).getByRole('button', { name: 'Back' })).toHaveCount(0);
    // Seen as soon as it opened.
    await expect.poll(async () => (await api(page, 'GET', 'api/admin/user')).splash.environment).toBe(true);
    for (const title of [
      'Strategies live in an environment',
      'Projects choose their environments',
      'One API key per environment',
      'Want to know more?',
    ]) {
      await walkthrough(page).getByRole('button', { name: 'Next' }).click();
      await expect(walkthrough(page).getByRole('heading', { name: title })).toBeVisible();
      await expect(walkthrough(page).getByRole('button', { name: 'Back' })).toBeVisible();
    }
    await expect(walkthrough(page).getByRole('link', { name: 'The reference documentation' })).toBeVisible();
    await walkthrough(page).getByRole('button', { name: 'Back' }).click();
    await expect(walkthrough(page).getByRole('heading', { name: 'One API key per environment' })).toBeVisible();
    await walkthrough(page).getByRole('button', { name: 'Next' }).click();
    await walkthrough(page).getByRole('button', { name: 'Finish' }).click();
    await expect(walkthrough(page)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Feature toggles' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
    await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'Environments' }).click();
    await expect(page.getByRole('heading', { name: 'Environments', level: 1 })).toBeVisible();
    await expect(walkthrough(page)).toHaveCount(0);
  });

  test('reloaded before the console has stored that it was seen, the walkthrough does not open again', async ({
    page,
  }) => {
    const user = { email: 'eve@example.com', name: 'Eve Editor', rootRole: 2, password: 'Editor-pass-123!' };
    await adminApi('POST', 'api/admin/user-admin', user);
    // The server marks the walkthrough seen, but its answer does not reach the page: the page's stored session still
    // says not seen when it is reloaded (as in the moment before the console stores a change).
    await page.route('**/api/admin/splash/environment', async (route) => void (await route.fetch()));
    await page.goto(`${server().url}/login`);
    await page.getByRole('textbox', { name: 'Username or email' }).fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(walkthrough(page).getByRole('heading', { name: 'Environments are here' })).toBeVisible();
    await expect.poll(async () => (await api(page, 'GET', 'api/admin/user')).splash.environment).toBe(true);
    await expect
      .poll(() => page.evaluate(() => Object.values(localStorage).some((v) => v.includes('"environment":false'))))
      .toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const splashPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/admin/splash/')) splashPosts.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Feature toggles' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(walkthrough(page)).toHaveCount(0);
    expect(splashPosts).toEqual([]);
  });

  test('a client token is created from the Configure menu, copied, used by an SDK, changed and deleted', async ({
    page,
  }) => {
    await adminApi('POST', 'api/admin/projects/default/features', { name: TOGGLE });
    await adminApi('POST', `api/admin/projects/default/features/${TOGGLE}/environments/development/on`);
    await signIn(page, server().url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
    await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'API access' }).click();
    await expect(page).toHaveURL(/\/admin\/api$/);
    await expect(page.getByRole('heading', { name: 'API Access' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'API Access' })).toHaveAttribute('aria-selected', 'true');
    const { unleashUrl } = await api(page, 'GET', 'api/admin/ui-config');
    await expect(page.getByText(`${unleashUrl}/api/`)).toBeVisible();
    await expect(
      page.getByText('Please note it can take up to 1 minute before a new API key is activated.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('No API tokens available.')).toBeVisible();

    await page.getByRole('button', { name: 'Add new API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new API token' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Username is required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Username' }).fill('checkout-web');
    const project = dialog.getByRole('combobox', { name: 'Project' });
    const environment = dialog.getByRole('combobox', { name: 'Environment' });
    await expect(project).toHaveValue('*');
    await expect(environment).toHaveValue('default');
    await dialog.getByText('Admin', { exact: true }).click();
    await expect(project).toBeDisabled();
    await expect(environment).toHaveValue('*');
    await dialog.getByText('Client', { exact: true }).click();
    await environment.selectOption('development');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Successfully created API token.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const [token] = (await api(page, 'GET', 'api/admin/api-tokens')).tokens;
    expect(token).toMatchObject({ username: 'checkout-web', type: 'client', project: '*', environment: 'development' });
    await page.getByRole('button', { name: 'Copy the token of checkout-web' }).click();
    await expect(page.getByText('Token is copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(token.secret);
    expect(await sdkSees(copied, TOGGLE)).toBe(true);

    const nextYear = new Date().getFullYear() + 1;
    await page.getByRole('button', { name: 'Change the expiry of the token of checkout-web' }).click();
    const expiry = page.getByRole('dialog', { name: 'Change expiry' });
    await expiry.getByLabel('Expires on').fill(`${nextYear}-12-31`);
    await expiry.getByRole('button', { name: 'Save' }).click();
    await expect(expiry).toHaveCount(0);
    // The end of that day where the browser is (the same machine's time zone).
    const { expiresAt } = (await api(page, 'GET', 'api/admin/api-tokens')).tokens[0];
    expect(new Date(expiresAt).getTime()).toBe(new Date(nextYear, 11, 31, 23, 59, 59, 999).getTime());

    await page.getByRole('button', { name: 'Delete the token of checkout-web' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API token?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Successfully deleted API token.')).toBeVisible();
    await expect(page.getByText('No API tokens available.')).toBeVisible();
    const refused = await fetch(`${server().url}/api/client/features`, { headers: { Authorization: copied } });
    expect(refused.status).toBe(401);
  });

  test('/admin goes to the users tab, and the hidden invoices page has none', async ({ page }) => {
    await signIn(page, server().url);
    await page.goto(`${server().url}/admin`);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.goto(`${server().url}/admin-invoices`);
    await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    await expect(page.getByText('No invoices to show.')).toBeVisible();
  });
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the page fits the screen and its targets are at least 44 px', async ({ page }) => {
    await adminApi('POST', 'api/admin/api-tokens', { username: 'phone-sdk', type: 'client' });
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'API access' }).tap();
    await expect(page.getByRole('button', { name: 'Copy the token of phone-sdk' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const targets = [
      page.getByRole('button', { name: 'Add new API key' }),
      ...(await page.getByRole('tab').all()),
      page.getByRole('button', { name: 'Copy the token of phone-sdk' }),
      page.getByRole('button', { name: 'Change the expiry of the token of phone-sdk' }),
      page.getByRole('button', { name: 'Delete the token of phone-sdk' }),
    ];
    expect(targets.length).toBe(7);
    await expectTouchTargets(targets);
  });
});
