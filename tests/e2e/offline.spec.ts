// The console keeps working offline, queues what the user changes, never loses it, and
// replays it exactly once when the network is back; a conflict shows the refresh notice instead of being resolved
// silently. A real server on a fresh data folder, Debian's Chromium, the real service worker and IndexedDB.
import type { BrowserContext, Page } from '@playwright/test';
import { apiOf, expect, freshServer, openInstalled, signIn, test } from './fixtures.ts';

const server = freshServer();

/** Admin API calls with the page's session (the "somebody else" of these tests, and the checks). */
const api = apiOf(server);

async function createToggle(page: Page, name: string) {
  await api(page, 'POST', 'api/admin/features', {
    name,
    type: 'release',
    enabled: false,
    strategies: [{ name: 'default' }],
  });
}

const environmentOf = async (page: Page, name: string, env: string) =>
  (
    (await api(page, 'GET', `api/admin/projects/default/features/${name}`)).environments as Array<{
      name: string;
      enabled: boolean;
    }>
  ).find((e) => e.name === env)!;

const eventsOf = async (page: Page, name: string) =>
  ((await api(page, 'GET', `api/admin/events/${name}`)).events as Array<{ type: string }>).map((e) => e.type);

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

/** The header is one row (no higher than its least height, one row of targets) and the avatar is wholly on screen. */
async function expectHeaderFits(page: Page) {
  const header = page.getByRole('banner');
  const { height, leastHeight } = await header.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    leastHeight: parseFloat(getComputedStyle(element).minHeight),
  }));
  expect(height, 'the header is one row high').toBeLessThanOrEqual(leastHeight);
  const avatar = (await header.getByRole('button', { name: 'Profile' }).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(avatar.x, 'the avatar starts on screen').toBeGreaterThanOrEqual(0);
  expect(avatar.y, 'the avatar starts on screen').toBeGreaterThanOrEqual(0);
  expect(avatar.x + avatar.width, 'the avatar ends on screen').toBeLessThanOrEqual(viewport.width);
  expect(avatar.y + avatar.height, 'the avatar ends on screen').toBeLessThanOrEqual(viewport.height);
}

test('changes made offline survive closing the page and reach the server exactly once', async ({ page, context }) => {
  await signIn(page, server().url);
  await createToggle(page, 'checkout.kill-switch');
  await createToggle(page, 'legacy.banner');
  await openInstalled(page, server().url);
  await expect(page.getByRole('link', { name: 'checkout.kill-switch' })).toBeVisible();

  await goOffline(context);
  await page.reload();
  // The shell and the list come from the service worker's cache and the mirror.
  await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
  await expect(page.getByRole('banner').getByText(/synced/)).toBeVisible();
  await expectHeaderFits(page);
  await expect(page.getByRole('link', { name: 'checkout.kill-switch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'legacy.banner' })).toBeVisible();

  // Flip the kill switch on in production, in the new view: production asks first, offline too.
  await page.goto(`${server().url}/projects/default/features2/checkout.kill-switch`);
  const production = page.getByRole('switch', { name: 'checkout.kill-switch in production' });
  await expect(production).not.toBeChecked();
  await production.click();
  const confirm = page.getByRole('dialog', { name: 'Change production?' });
  await expect(confirm).toContainText('you are offline, so the change is saved when the connection is back');
  await confirm.getByRole('button', { name: 'Turn on in production' }).click();
  await expect(production).toBeChecked();
  await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible();

  // Mark the other toggle stale, in the classic view.
  await page.goto(`${server().url}/projects/default/features/legacy.banner/strategies`);
  await page.getByRole('button', { name: 'State: Active' }).click();
  await page.getByRole('menuitem', { name: 'Stale' }).click();
  await expect(page.getByRole('button', { name: 'State: Stale' })).toBeVisible();
  await expect(page.getByRole('button', { name: '2 changes waiting' })).toBeVisible();

  // Nothing has reached the server yet.
  expect((await environmentOf(page, 'checkout.kill-switch', 'production')).enabled).toBe(false);

  // Close the page and open the console again, still offline: the queue is still there.
  await page.close();
  const again = await context.newPage();
  await again.goto(`${server().url}/features`);
  await expect(again.getByRole('button', { name: '2 changes waiting' })).toBeVisible();
  // At 1280x800 the header keeps the count, the offline status, the documentation link, the admin menu and the avatar
  // on one row (so it did above, offline before any change waited).
  await expect(again.getByRole('banner').getByText(/synced/)).toBeVisible();
  await expect(again.getByRole('banner').getByRole('button', { name: 'Admin' })).toBeVisible();
  await expect(again.getByRole('banner').getByRole('link', { name: 'Documentation' })).toBeVisible();
  await expectHeaderFits(again);
  await again.getByRole('button', { name: '2 changes waiting' }).click();
  const waiting = again.getByRole('list', { name: 'Changes waiting to sync' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await again.keyboard.press('Escape');

  // Back online: both changes are sent, once each, and the count clears.
  await context.setOffline(false);
  await expect(again.getByRole('button', { name: /changes? waiting/ })).toBeHidden({ timeout: 20_000 });
  expect((await environmentOf(again, 'checkout.kill-switch', 'production')).enabled).toBe(true);
  expect((await api(again, 'GET', 'api/admin/features/legacy.banner')).stale).toBe(true);
  expect(
    (await eventsOf(again, 'checkout.kill-switch')).filter((t) => t === 'feature-environment-enabled'),
  ).toHaveLength(1);
  expect((await eventsOf(again, 'legacy.banner')).filter((t) => t === 'feature-stale-on')).toHaveLength(1);
});

test('a change that conflicts with one made elsewhere shows the refresh notice and can be applied again', async ({
  page,
  context,
}) => {
  await signIn(page, server().url);
  await createToggle(page, 'search.new-ranking');
  await openInstalled(page, server().url);
  await page.goto(`${server().url}/projects/default/features2/search.new-ranking`);
  const development = page.getByRole('switch', { name: 'search.new-ranking in development' });
  await expect(development).not.toBeChecked();

  await goOffline(context);
  await development.click();
  await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible();

  // Meanwhile somebody changes the same toggle.
  await api(page, 'PATCH', 'api/admin/projects/default/features/search.new-ranking', [
    { op: 'replace', path: '/description', value: 'Changed by a colleague' },
  ]);

  await context.setOffline(false);
  const refresh = page.getByRole('button', { name: 'Refresh configuration' });
  await expect(refresh).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Disregard' })).toBeVisible();
  // Nothing is lost: the change is still waiting, and was not applied.
  await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible();
  expect((await environmentOf(page, 'search.new-ranking', 'development')).enabled).toBe(false);

  await refresh.click();
  await page.getByRole('button', { name: 'Apply again' }).first().click();
  await expect(page.getByRole('button', { name: /changes? waiting/ })).toBeHidden({ timeout: 20_000 });
  expect((await environmentOf(page, 'search.new-ranking', 'development')).enabled).toBe(true);
  expect((await api(page, 'GET', 'api/admin/features/search.new-ranking')).description).toBe('Changed by a colleague');
});
