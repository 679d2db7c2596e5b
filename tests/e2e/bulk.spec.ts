import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { smallTargets } from '../support/targets.ts';
import {
  adminApiOf,
  apiOf,
  expect,
  freshServer,
  openInstalled,
  PHONE,
  signedInPage,
  signIn,
  test,
} from './fixtures.ts';

// Bulk actions on selected toggles (one queued change, sent once) and copying strategies between environments.
const server = freshServer();
const admin = adminApiOf(server);
const api = apiOf(server);
const NAMES = ['bulk.one', 'bulk.two', 'bulk.three', 'bulk.four'];
const feature = (name: string) => `api/admin/projects/default/features/${name}`;

test.beforeAll(async () => {
  for (const name of NAMES) {
    await admin('POST', 'api/admin/projects/default/features', { name });
    await admin('POST', `${feature(name)}/environments/development/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default', groupId: name },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['42'] }],
    });
    await admin('POST', `${feature(name)}/environments/development/on`);
  }
});

const environmentOf = async (page: Page, name: string, env: string) =>
  (
    (await api(page, 'GET', feature(name))).environments as { name: string; enabled: boolean; strategies: unknown[] }[]
  ).find((e) => e.name === env)!;
const eventsOf = async (page: Page, name: string) =>
  ((await api(page, 'GET', `api/admin/events/${name}`)).events as { type: string }[]).map((e) => e.type);

/** A screenshot to look at, and the screen checked: no serious axe violation, on a phone no target under 44 px. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/bulk-${name}.png` });
  expect.soft(await seriousViolations(page), `axe: ${name}`).toEqual([]);
  if (page.viewportSize()?.width === 390) expect.soft(await smallTargets(page), `small targets: ${name}`).toEqual([]);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('three toggles turned off in development offline: one change, sent once when online', async ({
    page,
    context,
  }) => {
    await signIn(page, server().url);
    await openInstalled(page, server().url);
    await page.getByRole('button', { name: 'Select' }).click();
    for (const name of NAMES.slice(0, 3)) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Selected toggles' });
    await expect(bar).toContainText('3 selected');

    await context.setOffline(true);
    await bar.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Turn off in development' }).click();
    const confirm = page.getByRole('dialog', { name: 'Turn off 3 toggles in development?' });
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible();
    await expect(bar).toBeHidden();
    // Nothing has reached the server yet (asked from outside the offline browser).
    for (const name of NAMES.slice(0, 3)) {
      const { environments } = (await admin('GET', feature(name))) as {
        environments: { name: string; enabled: boolean }[];
      };
      expect(environments.find((e) => e.name === 'development')!.enabled).toBe(true);
    }

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /changes? waiting/ })).toBeHidden({ timeout: 20_000 });
    for (const name of NAMES.slice(0, 3)) {
      expect((await environmentOf(page, name, 'development')).enabled).toBe(false);
      expect((await eventsOf(page, name)).filter((t) => t === 'feature-environment-disabled')).toHaveLength(1);
    }
    expect((await environmentOf(page, 'bulk.four', 'development')).enabled).toBe(true);
  });
});

test('copying development’s strategies to production, after the confirmation', async ({ page }) => {
  await signIn(page, server().url);
  const before = (await environmentOf(page, 'bulk.four', 'production')).strategies.length;
  const copied = (await environmentOf(page, 'bulk.four', 'development')).strategies.length;
  await page.goto(`${server().url}/projects/default/features2/bulk.four`);
  await page.getByRole('tab', { name: 'Strategies' }).click();
  await page.getByRole('tab', { name: /^production/ }).click();
  await page.getByRole('button', { name: 'Copy from… into production' }).click();
  await page.getByRole('menuitem', { name: 'From development' }).click();
  const confirm = page.getByRole('dialog', { name: `Copy ${copied} strategies from development to production?` });
  await expect(confirm).toContainText('Gradual rollout');
  await confirm.getByRole('button', { name: 'Copy' }).click();
  await expect(confirm).toBeHidden();
  expect((await environmentOf(page, 'bulk.four', 'production')).strategies.length).toBe(before + copied);
  // The page shows them: the comparison now finds development's strategies in production too.
  await page.getByRole('tab', { name: 'Compare environments' }).click();
  await expect(page.getByText('Only in development')).toHaveCount(0);
});

/** Screens at 1280x800 and 390x844, light and dark: the action bar, its confirmation, the compare view. */
test('the screens, light and dark, wide and on a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  for (const [size, options] of [
    ['wide', { viewport: { width: 1280, height: 800 } }],
    ['phone', PHONE],
  ] as const)
    for (const colorScheme of ['light', 'dark'] as const)
      await screens(browser, `${size}-${colorScheme}`, { ...options, colorScheme });
});

async function screens(browser: Browser, name: string, options: Parameters<typeof signedInPage>[3]) {
  const page = await signedInPage(browser, server().url, undefined, options);
  const phone = options?.viewport?.width === 390;
  if (phone) await page.getByRole('button', { name: 'Select' }).click();
  for (const toggle of NAMES.slice(0, 3)) await page.getByRole('checkbox', { name: `Select ${toggle}` }).check();
  const bar = page.getByRole('region', { name: 'Selected toggles' });
  await expect(bar).toContainText('3 selected');
  await shot(page, `bar-${name}`);
  if (phone) await bar.getByRole('button', { name: 'Actions' }).click();
  else await bar.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('menuitem', { name: 'Turn off in production' }).click();
  await expect(page.getByRole('dialog', { name: 'Turn off 3 toggles in production?' })).toBeVisible();
  await shot(page, `confirm-${name}`);
  await page.keyboard.press('Escape');
  await page.goto(`${server().url}/projects/default/features2/bulk.four/compare`);
  await expect(page.getByRole('heading', { name: 'Compare environments' })).toBeVisible();
  await shot(page, `compare-${name}`);
  await page.context().close();
}
