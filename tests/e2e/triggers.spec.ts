// Triggers, the kill switches an alert throws. On a desktop: a trigger made on the toggle page, its URL (shown once)
// called with a plain HTTP POST as a webhook would, and the page showing the toggle off and when the trigger fired.
// On a phone in dark mode: the section reached by taps, its touch targets, and deleting a trigger after the
// confirmation. Both axe clean. A real server on a fresh data folder, Chromium.
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expectTouchTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const server = freshServer();
const call = adminApiOf(server);
const TOGGLE = 'checkout.payments';

test.beforeAll(async () => {
  await call('POST', 'api/admin/projects/default/features', { name: TOGGLE, type: 'kill-switch' });
  const production = `api/admin/projects/default/features/${TOGGLE}/environments/production`;
  await call('POST', `${production}/strategies`, { name: 'default' });
  await call('POST', `${production}/on`);
});

/** From the toggle list to the toggle's page by clicks; answers its Triggers section. */
async function openTriggers(page: Page) {
  await page.getByRole('link', { name: TOGGLE, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/projects/default/features2/${TOGGLE.replace('.', '\\.')}$`));
  const section = page.getByRole('region', { name: 'Triggers' });
  await expect(section).toBeVisible();
  return section;
}

test('a trigger made on the toggle page turns production off when its URL is called', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, server().url);
  const section = await openTriggers(page);
  await expect(section).toContainText('No triggers');

  await section.getByRole('button', { name: 'New trigger' }).click();
  const form = page.getByRole('dialog', { name: 'New trigger' });
  await form.getByLabel('Environment').selectOption('production');
  await form.getByRole('radio', { name: 'off' }).check();
  await form.getByLabel('Description').fill('PagerDuty: checkout error rate');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Create trigger' }).click();

  const created = page.getByRole('dialog', { name: 'Trigger created' });
  await expect(created).toContainText('it will not be shown again');
  await expect(created.getByRole('button', { name: 'Copy URL' })).toBeVisible();
  const shown = await created.getByLabel('Trigger URL').inputValue();
  expect(new URL(shown).pathname).toMatch(/^\/api\/triggers\/[\w-]{43}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('trigger-created-1280.png') });
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  const item = section.getByRole('listitem').filter({ hasText: 'Turns off in production' });
  await expect(item).toContainText('PagerDuty: checkout error rate');
  await expect(item).toContainText('Never fired');
  await expect(page.getByRole('switch', { name: new RegExp(`${TOGGLE} in production`) })).toBeChecked();

  // The alert: a plain POST of the webhook's own body, no session, no token.
  const answer = await fetch(new URL(new URL(shown).pathname, server().url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ event: { event_type: 'incident.triggered', data: { title: 'Checkout errors' } } }),
  });
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ feature: TOGGLE, environment: 'production', enabled: false, changed: true });

  await expect(page.getByRole('switch', { name: new RegExp(`${TOGGLE} in production`) })).not.toBeChecked();
  await expect(item).toContainText(/Last fired .+ \(1 call\)/);
  const toggle = await call('GET', `api/admin/projects/default/features/${TOGGLE}`);
  expect(toggle.environments.find((e: { name: string }) => e.name === 'production').enabled).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('trigger-fired-1280.png'), fullPage: true });
});

test.describe('on a phone, in dark mode', () => {
  test.use({ ...PHONE, colorScheme: 'dark' });

  test('the section is reached by taps, fits a finger, and deletes a trigger after asking', async ({
    page,
  }, testInfo) => {
    await call('POST', `api/admin/projects/default/features/${TOGGLE}/triggers`, {
      environment: 'development',
      action: 'on',
      description: 'Grafana: the checkout error budget has recovered for 30 minutes',
    });
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByLabel('Theme').selectOption('System');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.keyboard.press('Escape');

    const section = await openTriggers(page);
    await section.scrollIntoViewIfNeeded();
    const item = section.getByRole('listitem').filter({ hasText: 'Turns on in development' });
    await expect(item).toContainText('Grafana: the checkout error budget has recovered for 30 minutes');
    const remove = item.getByRole('button', { name: 'Delete trigger: turns on in development' });
    await expectTouchTargets([remove, section.getByRole('button', { name: 'New trigger' })]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('triggers-390-dark.png'), fullPage: true });

    await remove.tap();
    const confirm = page.getByRole('dialog', { name: 'Delete trigger?' });
    await expect(confirm).toContainText(`calling it will no longer turn ${TOGGLE} on in development`);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).tap();
    await expect(confirm).toBeHidden();
    await expect(item).toHaveCount(0);
    const { triggers } = await call('GET', `api/admin/projects/default/features/${TOGGLE}/triggers`);
    expect(triggers.map((t: { environment: string }) => t.environment)).toEqual(['production']);
  });
});
