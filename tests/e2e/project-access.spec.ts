// Project access: an admin gives a Viewer the Member role in a project from the project's Access tab
// (reached from the header's Projects link), finding them by name; signed in as that Viewer (another browser
// context), the toggle controls in that project are enabled and in another project locked. Then the tab on a phone.
// A real server on a fresh data folder, Debian's Chromium; set-up through the admin API.
import type { Page } from '@playwright/test';
import { expectTouchTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, signIn, test } from './fixtures.ts';

const server = freshServer();
const adminApi = adminApiOf(server);

const VIEWER = { email: 'vera.access@example.com', name: 'Vera Access', password: 'Viewer-pass-123!' };
const LOCKED = "You don't have access to perform this operation";

test.beforeAll(async () => {
  for (const id of ['web', 'shop']) {
    await adminApi('POST', 'api/admin/projects', { id, name: id === 'web' ? 'Web' : 'Shop' });
    await adminApi('POST', `api/admin/projects/${id}/features`, { name: `${id}.checkout`, type: 'release' });
  }
  await adminApi('POST', 'api/admin/user-admin', { ...VIEWER, rootRole: 3 });
});

async function openAccessTab(page: Page, projectName: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('link', { name: projectName, exact: true }).click();
  await page.getByRole('tab', { name: 'Access' }).click();
  await expect(page.getByRole('heading', { name: 'Add user' })).toBeVisible();
}

test('an admin gives a Viewer the Member role; the Viewer may then change toggles in that project only', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two sessions and a dozen steps: over a minute on a busy 2-core machine
  const { url } = server();
  await signIn(page, url);
  await openAccessTab(page, 'Web');
  // The admin created Web, so they are its Owner (Unleash 4.2 makes the creator of a project its Owner).
  const admin = page.getByRole('listitem').filter({ hasText: 'admin' });
  await expect(admin.getByRole('combobox', { name: 'Role of admin' })).toHaveValue('4');
  await expect(page.getByRole('heading', { name: 'Users with access (1)' })).toBeVisible();

  const picker = page.getByRole('combobox', { name: 'User', exact: true });
  await picker.fill('vera');
  await page.getByRole('option', { name: `${VIEWER.name} (${VIEWER.email})` }).click();
  await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('5'); // Member: the first role
  await page.getByRole('button', { name: 'Add user' }).click();

  const row = page.getByRole('listitem').filter({ hasText: VIEWER.name });
  await expect(row.getByRole('combobox', { name: `Role of ${VIEWER.name}` })).toHaveValue('5');
  await expect(page.getByRole('heading', { name: 'Users with access (2)' })).toBeVisible();
  const access = await adminApi('GET', 'api/admin/projects/web/users');
  expect(access.users).toEqual([
    expect.objectContaining({ email: VIEWER.email, roleId: 5 }),
    expect.objectContaining({ username: 'admin', roleId: 4 }),
  ]);

  // The Viewer, in a browser of their own: Web's toggle can be changed, Shop's is locked, saying why.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const viewer = await context.newPage();
  await signIn(viewer, url, VIEWER.email, VIEWER.password);
  await viewer.goto(`${url}/projects/web/features/web.checkout/strategies`);
  for (const control of [
    viewer.getByRole('switch', { name: 'Enabled' }),
    viewer.getByRole('button', { name: 'Clone' }),
  ]) {
    await expect(control).toBeVisible();
    await expect(control).not.toHaveAttribute('aria-disabled', 'true');
  }
  await viewer.goto(`${url}/projects/shop/features/shop.checkout/strategies`);
  for (const control of [
    viewer.getByRole('switch', { name: 'Enabled' }),
    viewer.getByRole('button', { name: 'Clone' }),
  ]) {
    await expect(control).toHaveAttribute('aria-disabled', 'true');
    await expect(control).toHaveAccessibleDescription(LOCKED);
  }
  await viewer.getByRole('button', { name: 'Clone' }).focus();
  await expect(viewer.getByRole('tooltip')).toHaveText(LOCKED);

  // The Viewer sees Web's access tab, its controls locked: a Member does not manage the project.
  await openAccessTab(viewer, 'Web');
  await expect(viewer.getByRole('button', { name: 'Add user' })).toHaveAttribute('aria-disabled', 'true');
  await context.close();

  // Made Owner beside the admin (the last Owner could not be removed), then removed after the confirmation.
  await row.getByRole('combobox', { name: `Role of ${VIEWER.name}` }).selectOption('Owner');
  const roleOfViewer = async () =>
    (await adminApi('GET', 'api/admin/projects/web/users')).users.find(
      (u: { email: string | null }) => u.email === VIEWER.email,
    )?.roleId;
  await expect.poll(roleOfViewer).toBe(4);
  await row.getByRole('button', { name: `Remove ${VIEWER.name}` }).click();
  await page.getByRole('dialog', { name: 'Really remove user?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  expect(await roleOfViewer()).toBeUndefined();
});

test('on a phone the access tab fits the screen and its targets are at least 44 px', async ({ page }) => {
  const { url } = server();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, url);
  await page.goto(`${url}/projects/shop/access`);
  const row = page.getByRole('listitem').filter({ hasText: 'admin' });
  await expect(row.getByRole('button', { name: 'Remove admin' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await expectTouchTargets([
    page.getByRole('combobox', { name: 'User', exact: true }),
    page.getByRole('combobox', { name: 'Role', exact: true }),
    page.getByRole('button', { name: 'Add user' }),
    row.getByRole('combobox', { name: 'Role of admin' }),
    row.getByRole('button', { name: 'Remove admin' }),
  ]);
  // Removing the project's only Owner is refused: the Error dialog says why.
  await row.getByRole('button', { name: 'Remove admin' }).click();
  await page.getByRole('dialog', { name: 'Really remove user?' }).getByRole('button', { name: 'Remove' }).click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText('A project must have at least one owner');
  await error.getByRole('button', { name: 'Close' }).last().click();
  await expect(row).toBeVisible();
});
