// Environments, as a new user goes: from the Configure menu at 1280x800, an environment is created (the
// success view, 'Got it!'), its type edited, moved by dragging and by the keyboard (the order kept after a reload),
// disabled with its typed name, enabled and deleted with its typed name; the protected 'default' is locked. At
// 390x844, from the phone drawer, the list fits the screen and its targets are at least 44 px.
// A real server on a fresh data folder, Debian's Chromium; checks through the API with the page's session.
import type { Locator, Page } from '@playwright/test';
import { expectTouchTargets } from '../support/targets.ts';
import { apiOf, expect, freshServer, PHONE, signIn, test, untilInstalled } from './fixtures.ts';

const server = freshServer();
const api = apiOf(server);

interface Environment {
  name: string;
  type: string;
  enabled: boolean;
}

const environmentsOf = async (page: Page): Promise<Environment[]> =>
  (await api(page, 'GET', 'api/admin/environments')).environments;
const namesOf = async (page: Page) => (await environmentsOf(page)).map((e) => e.name);
const oneOf = async (page: Page, name: string) => (await environmentsOf(page)).find((e) => e.name === name);

/** The names in the list, top to bottom. */
const shownOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Environments' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

/** A real pointer drag: press, move past the 6 px activation distance, glide onto the target, release. */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 8, { steps: 15 });
  await page.mouse.up();
}

test('an environment is created, edited, reordered, disabled, enabled and deleted from the Configure menu', async ({
  page,
}) => {
  await signIn(page, server().url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'Environments' }).click();
  await expect(page.getByRole('heading', { name: 'Environments' })).toBeVisible();
  await expect.poll(() => shownOrder(page)).toEqual(['default', 'development', 'production']);

  // Create
  await page.getByRole('button', { name: 'New environment' }).click();
  const form = page.getByRole('form', { name: 'Create environment' });
  await form.getByRole('textbox', { name: 'Environment Id' }).fill('production');
  await form.getByRole('combobox', { name: 'Environment type' }).focus();
  await expect(form.getByText('Name already exists')).toBeVisible();
  await form.getByRole('textbox', { name: 'Environment Id' }).fill('staging');
  await form.getByRole('combobox', { name: 'Environment type' }).selectOption('test');
  await form.getByRole('button', { name: 'Create environment' }).click();
  await expect(page.getByRole('heading', { name: 'Environment created' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next steps' })).toBeVisible();
  expect(await oneOf(page, 'staging')).toMatchObject({ type: 'test', enabled: true });
  await page.getByRole('button', { name: 'Got it!' }).click();
  await expect(page).toHaveURL(/\/environments$/);
  await expect.poll(() => shownOrder(page)).toEqual(['default', 'development', 'production', 'staging']);

  // Edit: only the type; Save only once it changed
  await page.getByRole('button', { name: 'Edit staging' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit environment' });
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByRole('combobox', { name: 'Environment type' }).selectOption('preproduction');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully updated environment.' })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect.poll(async () => (await oneOf(page, 'staging'))?.type).toBe('preproduction');

  // Reorder by dragging: staging to the top
  const list = page.getByRole('list', { name: 'Environments' });
  await drag(
    page,
    list.getByRole('button', { name: 'Move staging' }),
    list.getByRole('button', { name: 'Move default' }),
  );
  await expect.poll(() => namesOf(page)).toEqual(['staging', 'default', 'development', 'production']);
  await page.reload();
  await expect.poll(() => shownOrder(page)).toEqual(['staging', 'default', 'development', 'production']);

  // Reorder by keyboard, each step announced: staging one down
  const handle = list.getByRole('button', { name: 'Move staging' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('staging is over position 1 of 4.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('staging is over position 2 of 4.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('staging was dropped in position 2 of 4.')).toBeAttached();
  await expect.poll(() => namesOf(page)).toEqual(['default', 'staging', 'development', 'production']);
  await page.reload();
  await expect.poll(() => shownOrder(page)).toEqual(['default', 'staging', 'development', 'production']);

  // Disable with the typed name
  await page.getByRole('button', { name: 'Disable staging' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable environment?' });
  await expect(disable.getByRole('button', { name: 'Disable' })).toBeDisabled();
  await disable.getByRole('textbox', { name: 'Environment name' }).fill('stag');
  await expect(disable.getByRole('button', { name: 'Disable' })).toBeDisabled();
  await disable.getByRole('textbox', { name: 'Environment name' }).fill('staging');
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully disabled environment.' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'staging' })).toContainText('Disabled');
  expect((await oneOf(page, 'staging'))?.enabled).toBe(false);

  // Enable
  await page.getByRole('button', { name: 'Enable staging' }).click();
  await page.getByRole('dialog', { name: 'Enable environment?' }).getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully enabled environment.' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'staging' })).toContainText('Enabled');
  expect((await oneOf(page, 'staging'))?.enabled).toBe(true);

  // Delete with the typed name
  await page.getByRole('button', { name: 'Delete staging' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete environment?' });
  await expect(remove.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await remove.getByRole('textbox', { name: 'Environment name' }).fill('staging');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully deleted environment.' })).toBeVisible();
  await expect.poll(() => shownOrder(page)).toEqual(['default', 'development', 'production']);
  expect(await namesOf(page)).toEqual(['default', 'development', 'production']);
});

test('the protected environment is locked, saying why', async ({ page }) => {
  await signIn(page, server().url);
  await page.goto(`${server().url}/environments`);
  const row = page.getByRole('list', { name: 'Environments' }).getByRole('listitem', { name: 'default' });
  await expect(row).toContainText('Protected');
  for (const action of ['Edit', 'Disable', 'Delete']) {
    await expect(row.getByRole('button', { name: `${action} default` })).toHaveAttribute('aria-disabled', 'true');
  }
  // a click on a locked control (announced as disabled, so forced) opens nothing
  await row.getByRole('button', { name: 'Delete default' }).click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await row.getByRole('button', { name: 'Edit default' }).hover();
  await expect(page.getByRole('tooltip').filter({ visible: true })).toHaveText(
    'A protected environment can not be edited, disabled or deleted.',
  );
  expect(await oneOf(page, 'default')).toMatchObject({ type: 'production', enabled: true });
});

test('offline, the list shows what the console keeps and writes wait for the connection, keeping what was typed', async ({
  page,
  context,
}) => {
  await signIn(page, server().url);
  // The installed console: its service worker holds the screens' code, as it does on a phone's home screen.
  await page.goto(`${server().url}/environments`);
  await untilInstalled(page, 30_000);
  await expect.poll(() => shownOrder(page)).toEqual(['default', 'development', 'production']);
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: 'Delete development' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: 'Move development' })).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: 'New environment' }).click();
  const form = page.getByRole('form', { name: 'Create environment' });
  await form.getByRole('textbox', { name: 'Environment Id' }).fill('offline-env');
  const create = form.getByRole('button', { name: 'Create environment' });
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  await create.hover();
  await expect(page.getByRole('tooltip').filter({ visible: true })).toContainText('You are offline.');

  await context.setOffline(false);
  await expect(create).not.toHaveAttribute('aria-disabled');
  await expect(form.getByRole('textbox', { name: 'Environment Id' })).toHaveValue('offline-env');
  await create.click();
  await expect(page.getByRole('heading', { name: 'Environment created' })).toBeVisible();
  await api(page, 'DELETE', 'api/admin/environments/offline-env');
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the list fits the screen and its targets are at least 44 px', async ({ page }) => {
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Environments' }).tap();
    const list = page.getByRole('list', { name: 'Environments' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const targets = [page.getByRole('button', { name: 'New environment' }), ...(await list.getByRole('button').all())];
    expect(targets.length).toBe(1 + 3 * 4);
    await expectTouchTargets(targets);
  });
});
