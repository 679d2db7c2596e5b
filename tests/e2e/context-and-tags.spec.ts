// Context fields, tag types and tags, as a new user goes: from the Configure menu at 1280x800, a context
// field with legal values (kept sorted, a duplicate refused) is created, edited and deleted; a tag type is created,
// edited and deleted; a tag is created and deleted on /tags (not in the menus). At 390x844, from the phone drawer,
// the lists fit the screen and what a thumb taps is at least 44 px. A real server, Debian's Chromium.
import type { Locator, Page } from '@playwright/test';
import { expectFitsPhone } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const server = freshServer();
const call = adminApiOf(server);

/** Opens an item of the header's Configure menu. */
async function configure(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: item }).click();
}

/** Left offline, a name's check gets no answer, which says nothing against the name (the server checks it on save). */
async function leaveNameOffline(page: Page, form: Locator, name: Locator, value: string) {
  await page.context().setOffline(true);
  await name.fill(value);
  await name.blur();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/could not be reached/)).toHaveCount(0);
  await page.context().setOffline(false);
}

const contextNames = async () =>
  ((await call('GET', 'api/admin/context')) as Array<{ name: string }>).map((f) => f.name);
const tagTypeNames = async () =>
  ((await call('GET', 'api/admin/tag-types')).tagTypes as Array<{ name: string }>).map((t) => t.name);

test('a context field with legal values is created, edited and deleted', async ({ page }) => {
  await signIn(page, server().url);
  await configure(page, 'Context fields');
  await expect(page).toHaveURL(/\/context$/);
  await expect(page.getByRole('list', { name: 'Context fields' })).toContainText('userId');

  await page.getByRole('button', { name: 'Add new context field' }).click();
  const form = page.getByRole('form', { name: 'Create context field' });
  const name = form.getByRole('textbox', { name: 'Name' });
  await name.fill('userId');
  await name.blur();
  await expect(form).toContainText('A context field with that name already exist');
  await leaveNameOffline(page, form, name, 'userId');
  await name.fill('region');
  await name.blur();
  await expect(form).not.toContainText('already exist');
  await form.getByRole('textbox', { name: 'Description' }).fill('Where the user is');
  const value = form.getByRole('textbox', { name: 'Value' });
  await value.fill('us');
  await value.press('Enter');
  await value.fill('eu');
  await form.getByRole('button', { name: 'Add' }).click();
  await value.fill('asia');
  await value.press('Enter');
  const legalValues = form.getByRole('list', { name: 'Legal values' }).getByRole('listitem');
  await expect(legalValues).toHaveText(['asia', 'eu', 'us']);
  await value.fill('eu');
  await value.press('Enter');
  await expect(form.getByText('Duplicate legal value')).toBeVisible();
  await expect(legalValues).toHaveCount(3);
  await form.getByRole('switch', { name: 'Custom stickiness' }).check();
  await form.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/context$/);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'region', exact: true }) });
  await expect(row).toContainText('Legal values: asia, eu, us');
  await expect(row).toContainText('Stickiness');
  expect(await call('GET', 'api/admin/context/region')).toMatchObject({
    description: 'Where the user is',
    legalValues: ['asia', 'eu', 'us'],
    stickiness: true,
  });

  await row.getByRole('button', { name: 'Edit region' }).click();
  const edit = page.getByRole('form', { name: 'Edit context field' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('region');
  await edit.getByRole('button', { name: 'Remove asia' }).click();
  await edit.getByRole('textbox', { name: 'Value' }).fill('apac');
  await edit.getByRole('textbox', { name: 'Value' }).press('Enter');
  await expect(edit.getByRole('list', { name: 'Legal values' }).getByRole('listitem')).toHaveText(['apac', 'eu', 'us']);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/context$/);
  await expect(row).toContainText('Legal values: apac, eu, us');
  expect((await call('GET', 'api/admin/context/region')).legalValues).toEqual(['apac', 'eu', 'us']);

  await row.getByRole('button', { name: 'Delete region' }).click();
  const confirm = page.getByRole('dialog', { name: 'Really delete context field' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Context field deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await contextNames()).not.toContain('region');
});

test('a tag type is created, edited and deleted', async ({ page }) => {
  await signIn(page, server().url);
  await configure(page, 'Tag types');
  await expect(page).toHaveURL(/\/tag-types$/);
  const list = page.getByRole('list', { name: 'Tag types' });
  await expect(list.getByRole('link', { name: 'simple' })).toBeVisible();

  await page.getByRole('button', { name: 'Add new tag type' }).click();
  const form = page.getByRole('form', { name: 'Create tag type' });
  const name = form.getByRole('textbox', { name: 'Name' });
  await name.fill('bad name');
  await name.blur();
  await expect(form).toContainText('"name" must be URL friendly');
  await leaveNameOffline(page, form, name, 'simple');
  await name.fill('  jira ');
  await name.blur();
  await expect(name).toHaveValue('jira');
  await expect(form).not.toContainText('URL friendly');
  await form.getByRole('textbox', { name: 'Description' }).fill('Jira issue');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/tag-types$/);
  const row = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'jira', exact: true }) });
  await expect(row).toContainText('Jira issue');
  expect(await call('GET', 'api/admin/tag-types/jira')).toMatchObject({ tagType: { description: 'Jira issue' } });

  await row.getByRole('button', { name: 'Edit jira' }).click();
  const edit = page.getByRole('form', { name: 'Edit tag type' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await edit.getByRole('textbox', { name: 'Description' }).fill('The Jira issue key');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/tag-types$/);
  await expect(row).toContainText('The Jira issue key');
  expect((await call('GET', 'api/admin/tag-types/jira')).tagType.description).toBe('The Jira issue key');

  await row.getByRole('button', { name: 'Delete jira' }).click();
  const confirm = page.getByRole('dialog', { name: 'Really delete tag type?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Successfully deleted tag type.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await tagTypeNames()).toEqual(['simple']);
});

test('a tag is created and deleted on /tags', async ({ page }) => {
  await signIn(page, server().url);
  await page.goto(`${server().url}/tags`);
  await expect(page.getByText('No tags available')).toBeVisible();
  await page.getByRole('button', { name: 'Add new tag' }).click();
  const form = page.getByRole('form', { name: 'Create tag' });
  await expect(form.getByRole('combobox', { name: 'Tag type' })).toHaveValue('simple');
  await form.getByRole('textbox', { name: 'Value' }).fill('team-red');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags).toContainText('team-red');
  expect((await call('GET', 'api/admin/tags')).tags).toEqual([{ type: 'simple', value: 'team-red' }]);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Really delete the tag simple:team-red?');
    void dialog.accept();
  });
  await tags.getByRole('button', { name: 'Delete simple:team-red' }).click();
  await expect(page.getByText('Successfully deleted tag')).toBeVisible();
  await expect(page.getByText('No tags available')).toBeVisible();
  expect((await call('GET', 'api/admin/tags')).tags).toEqual([]);
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the lists fit the screen and their targets are at least 44 px', async ({ page }) => {
    await call('POST', 'api/admin/context', {
      name: 'subscription-plan-of-the-customer-account',
      description: 'The plan the customer pays for, as billing reports it on every request',
      legalValues: ['enterprise', 'free', 'pro', 'team', 'trial', 'student', 'nonprofit'],
      stickiness: true,
    });
    await call('POST', 'api/admin/tag-types', { name: 'slack', description: 'The Slack channel that owns a toggle' });
    await call('POST', 'api/admin/tags', { type: 'slack', value: 'payments-oncall-and-incident-response' });
    await signIn(page, server().url);

    const drawerTo = async (item: string) => {
      await page.getByRole('button', { name: 'Open navigation' }).tap();
      await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: item }).tap();
    };

    await drawerTo('Context fields');
    const fields = page.getByRole('list', { name: 'Context fields' });
    await expect(fields).toContainText('7 legal values');
    const plan = fields.getByRole('listitem').filter({ hasText: 'subscription-plan' });
    await expectFitsPhone(page, [
      page.getByRole('button', { name: 'Add new context field' }),
      plan.getByRole('link'),
      plan.getByRole('button', { name: /^Edit / }),
      plan.getByRole('button', { name: /^Delete / }),
    ]);

    await drawerTo('Tag types');
    const slack = page.getByRole('list', { name: 'Tag types' }).getByRole('listitem').filter({ hasText: 'slack' });
    await expect(slack).toContainText('The Slack channel');
    // Under 700 px the actions are their icons (the names stay for assistive technology).
    const deleteBox = (await slack.getByRole('button', { name: 'Delete slack' }).boundingBox())!;
    expect(deleteBox.width).toBeLessThan(56);
    await expectFitsPhone(page, [
      page.getByRole('button', { name: 'Add new tag type' }),
      slack.getByRole('link', { name: 'slack' }),
      slack.getByRole('button', { name: 'Edit slack' }),
      slack.getByRole('button', { name: 'Delete slack' }),
    ]);

    await page.goto(`${server().url}/tags`);
    const tag = page.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    await expect(tag).toContainText('payments-oncall-and-incident-response');
    await expectFitsPhone(page, [
      page.getByRole('button', { name: 'Add new tag' }),
      tag.getByRole('button', { name: 'Delete slack:payments-oncall-and-incident-response' }),
    ]);
  });
});
