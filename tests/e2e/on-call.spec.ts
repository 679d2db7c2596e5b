// The on-call path on a phone. From the installed app's start_url, as a new user would on a
// 390x844 touch screen: search the kill switch, turn production off with the confirmation, in at most 4 taps after
// typing; the server has the change once. The same offline, replayed once on reconnect; and from the pinned list
// (the manifest's 'Pinned toggles' shortcut). A real server on a fresh data folder, Chromium, the service worker.
import type { Locator, Page } from '@playwright/test';
import { expectTouchTargets } from '../support/targets.ts';
import { apiOf, expect, freshServer, PHONE, signIn, test, untilInstalled } from './fixtures.ts';

const server = freshServer();
const KILL_SWITCH = 'payments.kill-switch';
const MAX_TAPS = 4;

test.use(PHONE);

const api = apiOf(server);

/**
 * Taps, counted: the path's length is what this test measures. A switch is tapped where a finger finds it, on its
 * track (its checkbox input lies under it, invisible).
 */
function tapper() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      const isSwitch = (await target.getAttribute('role')) === 'switch';
      await (isSwitch ? target.locator('xpath=following-sibling::*[1]') : target).tap();
    },
    count: () => taps,
  };
}

const productionOf = async (page: Page, name: string) =>
  (
    (await api(page, 'GET', `api/admin/projects/default/features/${name}`)).environments as {
      name: string;
      enabled: boolean;
    }[]
  ).find((env) => env.name === 'production')!.enabled;

const eventsOf = async (page: Page, name: string, type: string) =>
  ((await api(page, 'GET', `api/admin/events/${name}`)).events as { type: string }[]).filter((e) => e.type === type)
    .length;

/** The manifest's start_url (or one of its shortcuts), resolved as the installed app opens it. */
async function manifestUrl(page: Page, pick: (manifest: Manifest) => string): Promise<string> {
  const manifestUrl = `${server().url}/manifest.webmanifest`;
  const manifest = (await (await page.request.get(manifestUrl)).json()) as Manifest;
  return new URL(pick(manifest), manifestUrl).href;
}
interface Manifest {
  start_url: string;
  shortcuts: { name: string; url: string }[];
}

/** Waits until the service worker controls the page and the mirror holds every toggle's environments. */
async function installed(page: Page) {
  await untilInstalled(page);
  await expect(page.getByRole('switch', { name: `${KILL_SWITCH} in production` })).toBeEnabled();
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, server().url);
  for (let i = 1; i <= 11; i++)
    await api(page, 'POST', 'api/admin/features', { name: `catalog.feature-${String(i).padStart(2, '0')}` });
  await api(page, 'POST', 'api/admin/projects/default/features', {
    name: KILL_SWITCH,
    type: 'kill-switch',
    description: 'Turn off card payments during an incident',
  });
  await api(page, 'POST', `api/admin/projects/default/features/${KILL_SWITCH}/environments/production/strategies`, {
    name: 'default',
  });
  await api(page, 'POST', `api/admin/projects/default/features/${KILL_SWITCH}/environments/production/on`);
  await page.close();
});

test('from the home-screen icon to production off in at most 4 taps, online and offline, each change once', async ({
  page,
  context,
}) => {
  await signIn(page, server().url);
  await page.goto(await manifestUrl(page, (manifest) => manifest.start_url));
  await expect(page).toHaveURL(/\/features$/);
  await installed(page);

  // A phone screen shows at least 8 toggles.
  const rows = page.getByRole('list', { name: 'Feature toggles' }).getByRole('listitem');
  await expect(rows).toHaveCount(12);
  const inView = await rows.evaluateAll(
    (items) => items.filter((item) => item.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  expect(inView).toBeGreaterThanOrEqual(8);

  // What a thumb taps on the way is at least 44x44 px: the switch, the star, Filters and Create.
  const targets = [
    page.getByRole('switch', { name: `${KILL_SWITCH} in production` }),
    page.getByRole('button', { name: `Pin ${KILL_SWITCH}` }),
    page.getByRole('button', { name: /^Filters/ }),
    page.getByRole('button', { name: 'Create feature toggle' }),
  ];
  await expectTouchTargets(targets);

  // Online: type the search, then tap the production switch and confirm.
  const { tap, count } = tapper();
  await page.getByRole('searchbox', { name: 'Search' }).fill('kill');
  const production = page.getByRole('switch', { name: `${KILL_SWITCH} in production` });
  await expect(rows).toHaveCount(1);
  await expect(production).toBeChecked();
  await tap(production);
  const confirm = page.getByRole('dialog', { name: 'Change production?' });
  await expect(confirm).toContainText(`${KILL_SWITCH} will be turned off in production`);
  await tap(confirm.getByRole('button', { name: 'Turn off in production' }));
  await expect(production).not.toBeChecked();
  expect(count()).toBeLessThanOrEqual(MAX_TAPS);
  await expect.poll(() => productionOf(page, KILL_SWITCH)).toBe(false);
  expect(await eventsOf(page, KILL_SWITCH, 'feature-environment-disabled')).toBe(1);

  // Offline: the installed app opens from its cache; the flip is confirmed, queued, and replayed once.
  await context.setOffline(true);
  await page.goto(await manifestUrl(page, (manifest) => manifest.start_url));
  await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
  const offline = tapper();
  await page.getByRole('searchbox', { name: 'Search' }).fill('kill');
  await expect(production).not.toBeChecked();
  await offline.tap(production);
  await expect(confirm).toContainText('you are offline, so the change is saved when the connection is back');
  await offline.tap(confirm.getByRole('button', { name: 'Turn on in production' }));
  await expect(production).toBeChecked();
  expect(offline.count()).toBeLessThanOrEqual(MAX_TAPS);
  await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible();
  expect(await productionOf(page, KILL_SWITCH)).toBe(false);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /changes? waiting/ })).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => productionOf(page, KILL_SWITCH)).toBe(true);
  expect(await eventsOf(page, KILL_SWITCH, 'feature-environment-enabled')).toBe(2); // the set-up's, and this one
});

test('from the pinned list (the app shortcut): production off in 2 taps; undo puts it back', async ({ page }) => {
  await signIn(page, server().url);
  await api(page, 'POST', `api/admin/projects/default/features/${KILL_SWITCH}/favorites`);
  const before = await eventsOf(page, KILL_SWITCH, 'feature-environment-disabled');
  await page.goto(await manifestUrl(page, (m) => m.shortcuts.find((s) => s.name === 'Pinned toggles')!.url));
  await expect(page).toHaveURL(/\/features\?pinned=true$/);
  const rows = page.getByRole('list', { name: 'Feature toggles' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);

  const { tap, count } = tapper();
  const production = page.getByRole('switch', { name: `${KILL_SWITCH} in production` });
  await expect(production).toBeChecked();
  await tap(production);
  await tap(
    page.getByRole('dialog', { name: 'Change production?' }).getByRole('button', { name: 'Turn off in production' }),
  );
  expect(count()).toBe(2);
  await expect.poll(() => productionOf(page, KILL_SWITCH)).toBe(false);
  expect(await eventsOf(page, KILL_SWITCH, 'feature-environment-disabled')).toBe(before + 1);

  // The undo is a new change, sent without asking again.
  await tap(page.getByRole('button', { name: `Undo turning ${KILL_SWITCH} off in production` }));
  await expect(production).toBeChecked();
  await expect.poll(() => productionOf(page, KILL_SWITCH)).toBe(true);
});

test.describe("before the confirmation's code has arrived", () => {
  // Without the service worker, whose precache could answer for the network.
  test.use({ serviceWorkers: 'block' });

  test('a tap on a production switch shows the confirmation at once, busy until its code is here', async ({ page }) => {
    // The dialog's code is held back, as on a slow connection in the first second after the list appears.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(/\/assets\/ConfirmDialog-[^/]+\.js$/, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await signIn(page, server().url);
    await page.getByRole('searchbox', { name: 'Search' }).fill('kill');
    const production = page.getByRole('switch', { name: `${KILL_SWITCH} in production` });
    await expect(production).toBeChecked();
    await tapper().tap(production);
    const confirm = page.getByRole('dialog', { name: 'Change production?' });
    await expect(confirm).toContainText(`${KILL_SWITCH} will be turned off in production`);
    const turnOff = confirm.getByRole('button', { name: 'Turn off in production' });
    await expect(turnOff).toBeDisabled();
    expect(held).toBeGreaterThan(0);

    release();
    await expect(turnOff).toBeEnabled();
    await tapper().tap(turnOff);
    await expect(production).not.toBeChecked();
    await expect.poll(() => productionOf(page, KILL_SWITCH)).toBe(false);
  });
});
