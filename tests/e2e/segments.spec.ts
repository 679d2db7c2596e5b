// Segments and the constraint editor, as a new user goes: from the Configure menu at 1280x800 a segment is
// created with a SEMVER_GT and a NUM_GT constraint (a bad version shows the field error the server would give, each
// constraint explains itself in words), edited (negated, moved to a project), refused deletion while a strategy uses
// it (the server's message), then deleted. At 390x844, from the phone drawer, the list and the form fit the screen,
// what a thumb taps is at least 44 px, and offline the list still shows while Save says why it waits. A real server,
// Debian's Chromium.
import type { Page } from '@playwright/test';
import { expectTouchTargets } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signIn, test, untilInstalled } from './fixtures.ts';

const server = freshServer();
const call = adminApiOf(server);
const TOGGLE = 'checkout.beta-flow';

interface WireSegment {
  id: number;
  name: string;
  project: string | null;
  constraints: object[];
}
const segments = async () => (await call('GET', 'api/admin/segments')).segments as WireSegment[];

test.beforeAll(async () => {
  await call('POST', 'api/admin/context', { name: 'appVersion', description: 'The app release' });
  await call('POST', 'api/admin/context', { name: 'age', description: 'Years since sign-up' });
  await call('POST', 'api/admin/features', { name: TOGGLE, description: 'New checkout for testers' });
});

/** Opens an item of the header's Configure menu. */
async function configure(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: item }).click();
}

test('a segment with version and number constraints is created, edited, refused deletion in use, deleted', async ({
  page,
}) => {
  await signIn(page, server().url);
  await configure(page, 'Segments');
  await expect(page).toHaveURL(/\/segments$/);
  await expect(page.getByText('There are no segments created yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New segment' }).click();
  const form = page.getByRole('form', { name: 'Create segment' });
  await form.getByRole('textbox', { name: 'Name' }).fill('beta-testers');
  await form.getByRole('textbox', { name: 'Description' }).fill('Recent app, grown-up accounts');
  await expect(form.getByRole('combobox', { name: 'Project' })).toHaveValue('');

  await form.getByRole('button', { name: 'Add constraint' }).click();
  const first = form.getByRole('group', { name: 'Constraint 1' });
  await first.getByRole('combobox', { name: 'Context field' }).selectOption('appVersion');
  await first.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'version is greater than' });
  await first.getByRole('textbox', { name: 'Version' }).fill('2.0');
  await form.getByRole('button', { name: 'Add constraint' }).click();
  const second = form.getByRole('group', { name: 'Constraint 2' });
  await second.getByRole('combobox', { name: 'Context field' }).selectOption('age');
  await second.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'greater than' });
  await second.getByRole('textbox', { name: 'Number' }).fill('17');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(first.getByText('Enter a semantic version, such as 1.2.3 or 2.0.0-beta.1')).toBeVisible();
  expect(await segments()).toEqual([]);
  await first.getByRole('textbox', { name: 'Version' }).fill('2.0.0');
  await expect(first.getByText('appVersion is greater than 2.0.0')).toBeVisible();
  await expect(second.getByText('age is greater than 17')).toBeVisible();
  await form.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/segments$/);
  await expect(page.getByText('Segment created')).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'beta-testers', exact: true }) });
  await expect(row).toContainText('All projects');
  await expect(row).toContainText('appVersion is greater than 2.0.0');
  await expect(row).toContainText('age is greater than 17');
  const [created] = await segments();
  expect(created).toMatchObject({
    name: 'beta-testers',
    description: 'Recent app, grown-up accounts',
    project: null,
    constraints: [
      { contextName: 'appVersion', operator: 'SEMVER_GT', value: '2.0.0', values: [], inverted: false },
      { contextName: 'age', operator: 'NUM_GT', value: '17', values: [], inverted: false },
    ],
  });

  await row.getByRole('button', { name: 'Edit beta-testers' }).click();
  const edit = page.getByRole('form', { name: 'Edit segment' });
  await expect(edit.getByRole('textbox', { name: 'Version' })).toHaveValue('2.0.0');
  const age = edit.getByRole('group', { name: 'Constraint 2' });
  await age.getByRole('checkbox', { name: 'Negate' }).check();
  await expect(age.getByText('age is NOT greater than 17')).toBeVisible();
  await edit.getByRole('combobox', { name: 'Project' }).selectOption('default');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/segments$/);
  await expect(page.getByText('Segment updated')).toBeVisible();
  await expect(row).toContainText('age is NOT greater than 17');
  await expect(row).toContainText('default');
  const [edited] = await segments();
  expect(edited).toMatchObject({ project: 'default', constraints: [{ inverted: false }, { inverted: true }] });

  // In use by a strategy: the server refuses, and the dialog says why.
  const strategies = `api/admin/projects/default/features/${TOGGLE}/environments/default/strategies`;
  const strategy = await call('POST', strategies, { name: 'default', parameters: {}, segments: [created.id] });
  await row.getByRole('button', { name: 'Delete beta-testers' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete segment?' });
  await expect(confirm).toContainText('Are you sure you want to delete the segment beta-testers?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText(`The segment beta-testers is used by 1 strategy (${TOGGLE}`);
  expect(await segments()).toHaveLength(1);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await call('DELETE', `${strategies}/${strategy.id}`);
  await row.getByRole('button', { name: 'Delete beta-testers' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Segment deleted')).toBeVisible();
  await expect(page.getByText('There are no segments created yet.')).toBeVisible();
  expect(await segments()).toEqual([]);
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the list and the form fit, targets are at least 44 px; offline the list shows and Save waits', async ({
    page,
    context,
  }) => {
    await call('POST', 'api/admin/segments', {
      name: 'eu-offices',
      description: 'Requests from the office networks',
      constraints: [{ contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '192.168.1.0/24'] }],
    });
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Segments' }).tap();
    const list = page.getByRole('list', { name: 'Segments' });
    await expect(list).toContainText('remoteAddress is in 10.0.0.0/8 or 192.168.1.0/24');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await expectTouchTargets([
      page.getByRole('button', { name: 'New segment' }),
      list.getByRole('link', { name: 'eu-offices' }),
      list.getByRole('button', { name: 'Edit eu-offices' }),
      list.getByRole('button', { name: 'Delete eu-offices' }),
    ]);

    // The installed console: its service worker holds the screens' code, as it does on a phone's home screen.
    await untilInstalled(page, 30_000);
    await expect(list).toContainText('eu-offices');
    await context.setOffline(true);
    await expect(list.getByRole('button', { name: 'Delete eu-offices' })).toHaveAttribute('aria-disabled', 'true');
    await list.getByRole('button', { name: 'Edit eu-offices' }).tap();
    const form = page.getByRole('form', { name: 'Edit segment' });
    const constraint = form.getByRole('group', { name: 'Constraint 1' });
    await expect(constraint.getByRole('combobox', { name: 'Operator' })).toHaveValue('IN_CIDR');
    await constraint.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'is one of' });
    await expect(constraint.getByText('remoteAddress is one of 10.0.0.0/8 or 192.168.1.0/24')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill('eu-office-networks');
    expect(await fits()).toBe(true);
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(save).toHaveAccessibleDescription(/^You are offline\. This can be saved once the connection is back/);
    await save.tap({ force: true });
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('eu-office-networks');
    await expectTouchTargets([
      constraint.getByRole('checkbox', { name: 'Negate' }),
      constraint.getByRole('button', { name: 'Remove constraint 1' }),
      constraint.getByRole('button', { name: 'Add' }),
      form.getByRole('button', { name: 'Add constraint' }),
      save,
      form.getByRole('button', { name: 'Cancel' }),
    ]);
    // The new name was left offline: its check got no answer, which says nothing against the name.
    await expect(form.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(/could not be reached/)).toHaveCount(0);
    await context.setOffline(false);
    await expect(save).not.toHaveAttribute('aria-disabled', 'true');
    await save.tap();
    await expect(page).toHaveURL(/\/segments$/);
    await expect(list.getByRole('link', { name: 'eu-office-networks' })).toBeVisible();
    expect((await call('GET', 'api/admin/segments')).segments[0].constraints[0]).toMatchObject({
      operator: 'IN',
      values: ['10.0.0.0/8', '192.168.1.0/24'],
    });
  });
});
