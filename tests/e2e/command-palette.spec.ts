// The command palette finds toggles, projects and screens; Ctrl+K on a desktop, the header's search button
// on a phone; it works offline from the mirror. A real server on a fresh data folder, Debian's Chromium, the real
// service worker and IndexedDB.
import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { expectTouchTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, signIn, test, untilInstalled } from './fixtures.ts';

const server = freshServer();
const KILL_SWITCH = 'payments.kill-switch';
const PALETTE = 'Search toggles, projects and screens';

const call = adminApiOf(server);

test.beforeAll(async () => {
  for (const [name, description] of [
    [KILL_SWITCH, 'Turn off card payments during an incident'],
    ['checkout.new-flow', 'One-page checkout'],
  ])
    await call('POST', 'api/admin/features', { name, description, type: 'kill-switch' });
});

/** Types into the palette and chooses the only toggle result. */
async function findAndOpen(page: Page, text: string, name: string) {
  const palette = page.getByRole('dialog', { name: PALETTE });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox', { name: PALETTE }).fill(text);
  const result = palette.getByRole('option', { name: new RegExp(`^${name.replace(/\./g, '\\.')}`) });
  await expect(result).toHaveCount(1);
  return result;
}

/** axe finds no serious or critical violation in the open palette. */
async function expectAccessiblePalette(page: Page) {
  expect(await seriousViolations(page, '.sy-palette')).toEqual([]);
}

async function expectFeatureView(page: Page, name: string) {
  await expect(page).toHaveURL(new RegExp(`/projects/default/features2/${name.replace(/\./g, '\\.')}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('dialog', { name: PALETTE })).toBeHidden();
}

test('desktop: Ctrl+K opens the palette, which finds a toggle by its description and opens its new view', async ({
  page,
}) => {
  await signIn(page, server().url);
  await expect(page.getByRole('link', { name: KILL_SWITCH })).toBeVisible();

  await page.keyboard.press('Control+K');
  const result = await findAndOpen(page, 'card payments', KILL_SWITCH);
  await expectAccessiblePalette(page);
  // The chosen result is what a screen reader hears (aria-activedescendant of the search field).
  const search = page.getByRole('dialog', { name: PALETTE }).getByRole('combobox', { name: PALETTE });
  await expect(result).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await result.getAttribute('id')) ?? 'no id');
  // The keyboard alone: the first result is chosen with the arrow key and Enter.
  await expect(result).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expectFeatureView(page, KILL_SWITCH);

  // Screens come from the menus: Event History (an admin screen) by its title.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: PALETTE });
  await palette.getByRole('combobox', { name: PALETTE }).fill('event hist');
  await palette.getByRole('option', { name: 'Event History' }).click();
  await expect(page).toHaveURL(/\/history$/);

  // A project narrows the palette to its toggles.
  await page.keyboard.press('Control+K');
  await palette.getByRole('combobox', { name: PALETTE }).fill('default');
  await palette.getByRole('option', { name: /^Default/ }).click();
  await expect(palette.getByText('Feature toggles in project')).toBeVisible();
  await expect(palette.getByRole('combobox', { name: PALETTE })).toHaveValue('');
  await expect(palette.getByRole('option', { name: /^checkout\.new-flow/ })).toBeVisible();
  await palette.getByRole('combobox', { name: PALETTE }).fill('new-flow');
  await palette.getByRole('option', { name: /^checkout\.new-flow/ }).click();
  await expectFeatureView(page, 'checkout.new-flow');

  // Escape closes it and gives the focus back.
  await page.keyboard.press('Control+K');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

async function phone(browser: Browser, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme,
  });
  return { context, page: await context.newPage() };
}

test('phone: the header search button opens the palette; a tap on a toggle opens its new view', async ({ browser }) => {
  // In the dark scheme (the system's), which the palette follows.
  const { context, page } = await phone(browser, 'dark');
  await signIn(page, server().url);
  const button = page.getByRole('banner').getByRole('button', { name: 'Search' });
  await expectTouchTargets([button]);
  await button.tap();
  const result = await findAndOpen(page, 'kill', KILL_SWITCH);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessiblePalette(page);
  await expectTouchTargets([result]);
  await result.tap();
  await expectFeatureView(page, KILL_SWITCH);
  await context.close();
});

test('offline: with the mirror filled, the palette still finds a toggle and opens its view', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await signIn(page, server().url);
  await page.goto(`${server().url}/features`);
  await untilInstalled(page, 30_000);
  await expect(page.getByTitle(/^Synced/)).toBeAttached({ timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).tap();
  const result = await findAndOpen(page, 'payments.kill', KILL_SWITCH);
  await result.tap();
  await expectFeatureView(page, KILL_SWITCH);
  await context.close();
});

test("the new view's breadcrumbs: the ancestors are links (the projects list, the project's page)", async ({
  page,
}) => {
  await signIn(page, server().url);
  await page.goto(`${server().url}/projects/default/features2/${KILL_SWITCH}/metrics`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByText(KILL_SWITCH)).toHaveAttribute('aria-current', 'page');
  await expect(crumbs.getByRole('link', { name: 'projects' })).toHaveAttribute('href', '/projects');
  await crumbs.getByRole('link', { name: 'default' }).click();
  await expect(page).toHaveURL(/\/projects\/default$/);
  await expect(page.getByRole('link', { name: KILL_SWITCH })).toBeVisible();
});
