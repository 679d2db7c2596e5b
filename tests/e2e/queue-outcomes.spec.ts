// Every outcome of a queued change is visible. A real server on a fresh data folder refuses
// flips for real (a role changed to Viewer after the page loaded; toggles archived or deleted while the console was
// offline); the console names the toggle and environment with the server's reason, keeps the change listed as
// failed until it is dismissed, and the server changes nothing. An accepted change shows the spec's toast, also
// when it was queued offline and replayed later. No route interception: every answer is the server's own.
import type { APIRequest, APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, expect, freshServer, openInstalled, signIn, test } from './fixtures.ts';

const server = freshServer();
const EDITOR_PASSWORD = 'On-call-Pass-2026!';
const ROLE = { editor: 2, viewer: 3 };

/** The admin's own session, outside the browser (the "somebody else" of these tests, and the checks). */
async function adminApi(requests: APIRequest) {
  const request = await requests.newContext({
    baseURL: `${server().url}/`,
    // As the console sends it: the server refuses a change made with the session cookie without it.
    extraHTTPHeaders: { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE },
  });
  const login = await request.post('auth/simple/login', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return request;
}

async function call(request: APIRequestContext, method: string, path: string, body?: unknown) {
  const response = await request.fetch(path, { method, data: body });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** A toggle made through the project API: the default strategy in every environment, every environment off. */
const createToggle = (admin: APIRequestContext, name: string) =>
  call(admin, 'POST', 'api/admin/projects/default/features', { name, type: 'kill-switch' });

const developmentOf = async (admin: APIRequestContext, name: string) =>
  (
    (await call(admin, 'GET', `api/admin/projects/default/features/${name}`)).environments as Array<{
      name: string;
      enabled: boolean;
    }>
  ).find((e) => e.name === 'development')!.enabled;

const eventsOf = async (admin: APIRequestContext, name: string) =>
  ((await call(admin, 'GET', `api/admin/events/${name}`)).events as Array<{ type: string }>).map((e) => e.type);

/** The new view's switch of one environment (named by the environment, or by the toggle and environment). */
const switchIn = (page: Page, feature: string, environment: string) =>
  page.getByRole('switch', { name: new RegExp(`^(${feature.replaceAll('.', '\\.')} in )?${environment}\\b`) });

const openView = (page: Page, feature: string) => page.goto(`${server().url}/projects/default/features2/${feature}`);

/** Opens the list of waiting changes from the header's count; returns its entries. */
async function openWaitingList(page: Page, count: string) {
  await page.getByRole('button', { name: count }).click();
  return page.getByRole('list', { name: 'Changes waiting to sync' }).getByRole('listitem');
}

const setOffline = (context: BrowserContext, offline: boolean) => context.setOffline(offline);

test('the classic switch shows its toast; a flip refused with 403 (role now Viewer) names the toggle and stays listed until dismissed', async ({
  page,
  playwright,
}) => {
  const admin = await adminApi(playwright.request);
  await createToggle(admin, 'payments.kill-switch');
  const editor = await call(admin, 'POST', 'api/admin/user-admin', {
    username: 'oncall',
    email: 'oncall@example.com',
    rootRole: ROLE.editor,
    password: EDITOR_PASSWORD,
  });
  await signIn(page, server().url, 'oncall', EDITOR_PASSWORD);

  // Accepted first: the classic page's switch shows the spec's toast, once.
  await page.goto(`${server().url}/projects/default/features/payments.kill-switch/strategies`);
  await page.getByRole('switch', { name: 'Enabled' }).click();
  await expect(page.getByText('Successfully updated toggle status.')).toHaveCount(1);
  await expect
    .poll(async () => (await call(admin, 'GET', 'api/admin/features/payments.kill-switch')).enabled)
    .toBe(true);
  const eventsBefore = await eventsOf(admin, 'payments.kill-switch');

  await openView(page, 'payments.kill-switch');
  const development = switchIn(page, 'payments.kill-switch', 'development');
  await expect(development).toBeEnabled();
  await expect(development).not.toBeChecked();

  // An admin takes the editor's rights away while the page is open; the page still offers the switch.
  await call(admin, 'PUT', `api/admin/user-admin/${editor.id}`, { rootRole: ROLE.viewer });
  await development.click();

  const message = 'payments.kill-switch in development was not turned on: This operation is forbidden';
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 20_000 });
  // The switch shows the server's state again; the change waits in the list, failed, with the same message.
  await expect(development).not.toBeChecked();
  let entries = await openWaitingList(page, '1 change waiting, 1 failed');
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('Turn on "payments.kill-switch" in development');
  await expect(entries).toContainText('Failed');
  await expect(entries).toContainText(message);

  // Still there after the page is opened again (and not sent again): until the user dismisses it.
  await page.reload();
  entries = await openWaitingList(page, '1 change waiting, 1 failed');
  await expect(entries).toContainText(message);
  await entries.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Every change has been synced.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /changes? waiting/ })).toBeHidden();

  // The server changed nothing.
  expect(await developmentOf(admin, 'payments.kill-switch')).toBe(false);
  expect(await eventsOf(admin, 'payments.kill-switch')).toEqual(eventsBefore);
  await admin.dispose();
});

test('flips queued offline: for a toggle deleted meanwhile (404), one archived meanwhile (a conflict, then 400), one accepted with its toast', async ({
  page,
  context,
  playwright,
}) => {
  const admin = await adminApi(playwright.request);
  for (const name of ['checkout.banner', 'legacy.promo', 'search.boost']) await createToggle(admin, name);
  await signIn(page, server().url);
  await openInstalled(page, server().url);

  await setOffline(context, true);
  for (const [index, name] of ['checkout.banner', 'legacy.promo', 'search.boost'].entries()) {
    await openView(page, name);
    const development = switchIn(page, name, 'development');
    await expect(development).not.toBeChecked();
    await development.click();
    await expect(development).toBeChecked();
    await expect(page.getByRole('button', { name: `${index + 1} change${index ? 's' : ''} waiting` })).toBeVisible();
  }

  // Meanwhile an admin archives one toggle, and archives and deletes another.
  await call(admin, 'DELETE', 'api/admin/features/checkout.banner');
  await call(admin, 'DELETE', 'api/admin/features/legacy.promo');
  await call(admin, 'DELETE', 'api/admin/archive/legacy.promo');

  await setOffline(context, false);
  // The deleted toggle: refused at once, named with the server's reason.
  const gone = 'legacy.promo in development was not turned on: Could not find the requested resource';
  const goneAlert = page.getByRole('alert').filter({ hasText: gone });
  await expect(goneAlert).toBeVisible({ timeout: 20_000 });
  // The accepted one: the spec's toast, once.
  await expect(page.getByText('Successfully turned environment on.')).toHaveCount(1);
  // The archived one changed since the flip (archiving is a change): the refresh notice, nothing sent.
  await goneAlert.getByRole('button', { name: 'Dismiss message' }).click();
  await page.getByRole('button', { name: 'Refresh configuration' }).click();
  await page.getByRole('button', { name: 'Apply again' }).click();
  const archived =
    'checkout.banner in development was not turned on: The feature toggle checkout.banner is archived: revive it before changing it';
  await expect(page.getByRole('alert').filter({ hasText: archived })).toBeVisible({ timeout: 20_000 });

  // Both refusals stay listed, failed with their messages, until dismissed one by one.
  const entries = await openWaitingList(page, '2 changes waiting, 2 failed');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(archived);
  await expect(entries.nth(1)).toContainText(gone);
  for (const count of [2, 1]) {
    await expect(entries).toHaveCount(count);
    await expect(entries.first()).toContainText('Failed');
    await entries.first().getByRole('button', { name: 'Dismiss' }).click();
  }
  await expect(page.getByText('Every change has been synced.')).toBeVisible();

  // The server has the accepted flip once, and nothing of the refused ones.
  expect(await developmentOf(admin, 'search.boost')).toBe(true);
  expect((await eventsOf(admin, 'search.boost')).filter((t) => t === 'feature-environment-enabled')).toHaveLength(1);
  const banner = await call(admin, 'GET', 'api/admin/projects/default/features/checkout.banner');
  expect(banner.archived).toBe(true);
  expect(await developmentOf(admin, 'checkout.banner')).toBe(false);
  expect(await eventsOf(admin, 'checkout.banner')).not.toContain('feature-environment-enabled');
  expect((await admin.get('api/admin/projects/default/features/legacy.promo')).status()).toBe(404);
  await admin.dispose();
});
