// Projects, as a new user goes: from the header's 'Projects' link at 1280x800 a project is created, given
// an environment on its environments tab, a toggle is created in it, seen on the overview with its switch (flipped)
// and on the health tab; the project is edited; another project is deleted. At 390x844 the list, a project page and
// its environments tab fit the screen and what a thumb taps is at least 44 px. A real server, Debian's Chromium.
import type { Locator, Page } from '@playwright/test';
import { expectFitsPhone } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const server = freshServer();
const call = adminApiOf(server);

const PROJECT = 'checkout';
const TOGGLE = 'checkout.one-page';

/** Follows the header's 'Projects' link. */
async function toProjects(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
}

/** A switch's visible target (its track, which the input sits under). */
const targetOf = (control: Locator) => control.locator('xpath=ancestor::*[contains(@class, "sy-project-switch")][1]');

const projectIds = async () =>
  ((await call('GET', 'api/admin/projects')).projects as Array<{ id: string }>).map((p) => p.id);

test('a project is created, given an environment and a toggle, flipped, edited; another is deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await call('POST', 'api/admin/projects', { id: 'old-shop', name: 'Old shop' });
  await signIn(page, server().url);
  await toProjects(page);
  const cards = page.getByRole('list', { name: 'Projects' });
  await expect(cards.getByRole('link', { name: 'Default', exact: true })).toBeVisible();

  // Create: the id is checked on blur (a taken one is refused with the server's message), the name is required.
  await page.getByRole('link', { name: 'New project' }).click();
  await expect(page).toHaveURL(/\/projects\/create$/);
  const form = page.getByRole('form', { name: 'Create project' });
  const id = form.getByRole('textbox', { name: 'Project Id' });
  await id.fill('default');
  await id.blur();
  await expect(form).toContainText('A project with this id already exists.');
  await id.fill(PROJECT);
  await id.blur();
  await expect(form).not.toContainText('already exists');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toContainText('Name can not be empty.');
  await form.getByRole('textbox', { name: 'Name' }).fill('Checkout');
  await form.getByRole('textbox', { name: 'Description' }).fill('The one-page checkout');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}$`));
  await expect(page.getByText('Project created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('No feature toggles added yet.')).toBeVisible();

  // An environment created meanwhile is turned on for the project on its environments tab.
  await call('POST', 'api/admin/environments', { name: 'staging', type: 'test' });
  await page.getByRole('tab', { name: 'Environments' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/environments$`));
  const staging = page.getByRole('switch', { name: 'staging environment' });
  await expect(staging).not.toBeChecked();
  await targetOf(staging).click();
  await expect(page.getByText('Environment successfully enabled.')).toBeVisible();
  await expect(staging).toBeChecked();
  expect((await call('GET', `api/admin/projects/${PROJECT}`)).environments).toContain('staging');

  // A toggle is created from the overview, then shown there with a switch per project environment.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('link', { name: 'Create feature toggle' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/create-toggle$`));
  await page.getByRole('textbox', { name: 'Name' }).fill(TOGGLE);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/features/${TOGGLE}/strategies$`));
  await toProjects(page);
  await cards.getByRole('link', { name: 'Checkout', exact: true }).click();
  const toggles = page.getByRole('table', { name: 'Feature toggles of the project' });
  await expect(toggles.getByRole('link', { name: TOGGLE })).toBeVisible();
  const inStaging = toggles.getByRole('switch', { name: `${TOGGLE} in staging` });
  await expect(inStaging).not.toBeChecked();
  await targetOf(inStaging).click();
  await expect(inStaging).toBeChecked();
  await expect
    .poll(
      async () =>
        (
          (await call('GET', `api/admin/projects/${PROJECT}/features/${TOGGLE}`)).environments as Array<{
            name: string;
            enabled: boolean;
          }>
        ).find((env) => env.name === 'staging')?.enabled,
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.getByRole('tab', { name: 'Health' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}/health$`));
  await expect(page.getByRole('heading', { name: 'Health rating' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Toggle health' })).toContainText(TOGGLE);

  // Edit on the settings tab: the id is locked; saved, the project page says so.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const edit = page.getByRole('form', { name: 'Edit project' });
  await expect(edit.getByRole('textbox', { name: 'Project Id' })).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Name' }).fill('Checkout and basket');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT}$`));
  await expect(page.getByText('Project updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checkout and basket', level: 1 })).toBeVisible();
  expect((await call('GET', `api/admin/projects/${PROJECT}`)).name).toBe('Checkout and basket');

  // Another project is deleted from its settings tab after the confirmation.
  await toProjects(page);
  await cards.getByRole('link', { name: 'Old shop', exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Really delete project?' });
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByText('Successfully deleted project')).toBeVisible();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(cards.getByRole('link', { name: 'Old shop', exact: true })).toHaveCount(0);
  expect(await projectIds()).toEqual(expect.not.arrayContaining(['old-shop']));
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the list, a project page and its environments tab fit the screen; targets at least 44 px', async ({ page }) => {
    const project = 'payments-and-subscriptions';
    await call('POST', 'api/admin/projects', {
      id: project,
      name: 'Payments and subscriptions of every customer account',
      description: 'Card payments, invoices, dunning and the subscription plans customers can choose from',
    });
    const name = 'payments.retry-failed-card-charges-with-exponential-backoff';
    await call('POST', `api/admin/projects/${project}/features`, { name, type: 'release' });
    await signIn(page, server().url);

    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Projects' }).tap();
    await expect(page).toHaveURL(/\/projects$/);
    const card = page.getByRole('list', { name: 'Projects' }).getByRole('listitem').filter({ hasText: 'Payments' });
    await expect(card).toContainText('1 toggle');
    await expectFitsPhone(page, [
      page.getByRole('link', { name: 'New project' }),
      card.getByRole('link', { name: /^Payments/ }),
      card.getByRole('link', { name: /^Edit / }),
    ]);

    await card.getByRole('link', { name: /^Payments/ }).tap();
    const row = page.getByRole('table', { name: 'Feature toggles of the project' }).getByRole('row').nth(1);
    await expect(row).toContainText(name);
    await expectFitsPhone(page, [
      page.getByRole('tab', { name: 'Overview' }),
      page.getByRole('link', { name: 'Create feature toggle' }),
      row.getByRole('link', { name }),
      row.getByRole('switch', { name: `${name} in production` }),
    ]);

    await page.getByRole('tab', { name: 'Environments' }).tap();
    await expect(page).toHaveURL(new RegExp(`/projects/${project}/environments$`));
    await expect(page.getByRole('switch', { name: 'production environment' })).toBeChecked();
    await expectFitsPhone(page, [
      page.getByRole('tab', { name: 'Environments' }),
      page.getByRole('switch', { name: 'development environment' }),
    ]);
  });
});
