// The playground, as a new user goes: from the menus at 1280x800, a Standard strategy is given a SEMVER_GT
// constraint and a segment (created through the admin API) in the toggle's strategy form; then the Playground (header
// link) shows the toggle on for version 2.1.0 and off for 1.0.0 with the reason in words, online and, once the mirror
// has synced, offline after a reload (the service worker's shell, the mirror and the kept segments). At 390x844, from
// the phone drawer, the playground fits the screen and its targets are at least 44 px. A real server, Chromium.
import type { Page } from '@playwright/test';
import { expectTouchTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, signIn, test } from './fixtures.ts';

const server = freshServer();
const call = adminApiOf(server);
const TOGGLE = 'checkout.new-flow';
const featurePath = `api/admin/projects/default/features/${TOGGLE}`;

test.beforeAll(async () => {
  await call('POST', 'api/admin/context', { name: 'version', description: 'The app release' });
  await call('POST', 'api/admin/segments', {
    name: 'web app',
    constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
  });
  await call('POST', 'api/admin/projects/default/features', { name: TOGGLE, type: 'release' });
  // Development starts without strategies, and on.
  const path = `${featurePath}/environments/development/strategies`;
  for (const { id } of (await call('GET', path)) as { id: string }[]) await call('DELETE', `${path}/${id}`);
  await call('POST', 'api/admin/features', { name: 'checkout.other' });
});

/** Fills the playground's context and returns the toggle's result. */
async function evaluateFor(page: Page, version: string) {
  const context = page.getByRole('form', { name: 'Context' });
  await context.getByRole('combobox', { name: 'Environment' }).selectOption('development');
  await context.getByRole('textbox', { name: 'appName' }).fill('web');
  await context.getByRole('textbox', { name: 'version' }).fill(version);
  return page.getByRole('list', { name: 'Results' }).getByRole('listitem', { name: TOGGLE });
}

test('a SEMVER_GT constraint and a segment decide the playground’s result, online and offline', async ({ page }) => {
  await signIn(page, server().url);
  await page.getByRole('link', { name: TOGGLE }).click();
  await page.getByRole('tab', { name: 'Strategies' }).click();
  await page.getByRole('tab', { name: 'development' }).click();
  await page.getByRole('button', { name: 'Add new strategy' }).click();
  await page
    .getByRole('complementary', { name: 'Add a strategy to development' })
    .getByRole('button', {
      name: 'Add Standard',
    })
    .click();

  const form = page.getByRole('form', { name: 'Configure Standard' });
  await form.getByRole('combobox', { name: 'Segment' }).selectOption({ label: 'web app (global)' });
  await form.getByRole('button', { name: 'Add segment' }).click();
  await expect(form.getByRole('list', { name: 'Chosen segments' })).toContainText('web app');
  await form.getByRole('button', { name: 'Add constraints' }).click();
  const constraints = page.getByRole('dialog', { name: 'Define constraints' });
  await constraints.getByRole('button', { name: 'Add constraint' }).click();
  await constraints.getByRole('combobox', { name: 'Context field' }).selectOption('version');
  await constraints.getByRole('combobox', { name: 'Operator' }).selectOption('SEMVER_GT');
  await constraints.getByRole('textbox', { name: 'Version' }).fill('2.0.0');
  await constraints.getByRole('button', { name: 'Update constraints' }).click();
  await expect(constraints).toBeHidden();
  await form.getByRole('button', { name: 'Save strategy' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Strategy successfully created.')).toBeVisible();
  const [saved] = await call('GET', `${featurePath}/environments/development/strategies`);
  expect(saved).toMatchObject({
    name: 'default',
    constraints: [expect.objectContaining({ contextName: 'version', operator: 'SEMVER_GT', value: '2.0.0' })],
    segments: [expect.any(Number)],
  });
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('switch', { name: `${TOGGLE} in development` }).click();
  await expect(page.getByText('Successfully turned environment on.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
  await expect(page.getByRole('heading', { name: 'Playground' })).toBeVisible();
  let result = await evaluateFor(page, '2.1.0');
  await expect(result).toContainText('On');
  await expect(result).toContainText('Standard (strategy 1) enabled it.');
  result = await evaluateFor(page, '1.0.0');
  await expect(result).toContainText('Off');
  await expect(result).toContainText('Standard (strategy 1): the constraint does not hold (version');
  await page.getByRole('form', { name: 'Context' }).getByRole('textbox', { name: 'appName' }).fill('ios');
  await page.getByRole('form', { name: 'Context' }).getByRole('textbox', { name: 'version' }).fill('3.0.0');
  await expect(result).toContainText('segment web app does not hold');
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill('other');
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1);

  // Offline: the service worker serves the shell, the mirror the toggles, the kept query cache the segments.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => !!r.active)), { timeout: 20_000 })
    .toBe(true);
  await expect(page.getByTitle(/^Synced/)).toBeAttached();
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Playground' })).toBeVisible({ timeout: 20_000 });
  result = await evaluateFor(page, '2.1.0');
  await expect(result).toContainText('On');
  await expect(result).toContainText('Standard (strategy 1) enabled it.');
  result = await evaluateFor(page, '1.0.0');
  await expect(result).toContainText('Off');
  await expect(result).toContainText('the constraint does not hold');
  await page.context().setOffline(false);
});

test('on a phone the playground fits the screen, from the drawer, with 44 px targets', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, server().url);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Playground' }).click();
  const result = await evaluateFor(page, '2.1.0');
  // A new page's mirror syncs the toggles' environments in the background after the list.
  await expect(result).toContainText('On', { timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await expectTouchTargets([
    page.getByRole('combobox', { name: 'Environment' }),
    page.getByRole('textbox', { name: 'userId' }),
    page.getByRole('searchbox', { name: 'Filter by name' }),
    result.getByRole('link', { name: TOGGLE }),
  ]);
});
