// A new user's whole toggle life cycle through the console on a fresh server, each step read
// back in the Log tab; then a Viewer sees the same controls locked and the API refuses them.
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '../../contract/http.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, expect, freshServer, signIn, test } from './fixtures.ts';

/** The console's header: without it the server refuses a change made with the session cookie (CSRF). */
const headers = { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE };

const server = freshServer();
const name = 'checkout.new-flow';
const copy = 'checkout.new-flow-copy';

test.describe.configure({ mode: 'serial' });

test('an admin creates, finds, flips, tags, clones, archives and revives a toggle', async ({ page }) => {
  const { url } = server();
  await signIn(page, url);

  // Create through the classic form; an invalid name is refused on blur with the server's message.
  await page.getByRole('button', { name: 'Create feature toggle' }).click();
  await expect(page).toHaveURL(/\/projects\/default\/create-toggle$/);
  const nameField = page.getByRole('textbox', { name: 'Name' });
  await nameField.fill('not a url friendly name');
  await nameField.blur();
  await expect(page.getByText('"name" must be URL friendly')).toBeVisible();
  await nameField.fill(name);
  await nameField.blur();
  await expect(page.getByText('"name" must be URL friendly')).toBeHidden();
  await page.getByRole('textbox', { name: 'Description' }).fill('The new checkout');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/default/features/${name}/strategies$`));

  // Find it by search and open it.
  await page.goto(`${url}/features`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('NEW-FLOW');
  await expect(page.getByText('1 feature toggles').or(page.getByText(/^1 of \d+ feature toggles$/))).toBeVisible();

  // The environments menu chooses which environments have a column of switches; the last one shown stays.
  await page.getByRole('button', { name: 'Environments' }).click();
  const shown = page.getByRole('group', { name: 'Environments shown' });
  await expect(shown.getByRole('checkbox').first()).toBeVisible();
  const environments = await shown
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => box.closest('.mantine-Checkbox-root')?.textContent ?? ''));
  expect(environments.length).toBeGreaterThan(1);
  const box = (environment: string) => shown.getByRole('checkbox', { name: environment, exact: true });
  const rowSwitch = (environment: string) => page.getByRole('switch', { name: `${name} in ${environment}` });
  for (const environment of environments) await expect(rowSwitch(environment)).toBeVisible();
  for (const environment of environments.slice(0, -1)) {
    await box(environment).uncheck();
    await expect(rowSwitch(environment)).toHaveCount(0);
  }
  await expect(box(environments.at(-1)!)).toBeDisabled();
  for (const environment of environments.slice(0, -1)) await box(environment).check();
  for (const environment of environments) await expect(rowSwitch(environment)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();

  await page.getByRole('link', { name }).click();
  // The list opens the new view; its header leads to the classic page.
  await expect(page).toHaveURL(new RegExp(`/projects/default/features2/${name}$`));
  await page.getByRole('link', { name: 'Classic view' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/default/features/${name}/strategies$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();

  const toggleState = async () => await (await page.request.get(`${url}/api/admin/features/${name}`)).json();

  // Flip it on and off.
  const enabled = page.getByRole('switch', { name: 'Enabled' });
  await enabled.click();
  await expect(enabled).toBeChecked();
  await expect.poll(async () => (await toggleState()).enabled).toBe(true);
  await enabled.click();
  await expect(enabled).not.toBeChecked();
  await expect.poll(async () => (await toggleState()).enabled).toBe(false);

  // Mark it stale, then active again.
  await page.getByRole('button', { name: 'State: Active' }).click();
  await page.getByRole('menuitem', { name: 'Stale' }).click();
  await expect(page.getByText(`${name} marked as Stale.`)).toBeVisible();
  await page.getByRole('button', { name: 'State: Stale' }).click();
  await page.getByRole('menuitem', { name: 'Active' }).click();
  await expect(page.getByText(`${name} marked as Active.`)).toBeVisible();
  expect((await toggleState()).stale).toBe(false);

  // Add a tag and delete it.
  await page.getByRole('button', { name: 'Add tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add tag' });
  await dialog.getByRole('textbox', { name: 'Value' }).fill('team-red');
  await dialog.getByRole('button', { name: 'Add' }).click();
  const tagDelete = page.getByRole('button', { name: 'Delete tag simple:team-red' });
  await expect(tagDelete).toBeVisible();
  await tagDelete.click();
  await expect(tagDelete).toBeHidden();

  // Clone it.
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByRole('heading', { name: `Copy ${name}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Replace groupId' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Name' }).fill(copy);
  await page.getByRole('button', { name: 'Create from copy' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/default/features/${copy}/`));
  expect((await page.request.get(`${url}/api/admin/features/${copy}`)).status()).toBe(200);
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('list', { name: 'Events' }).getByText('feature-created', { exact: true })).toBeVisible();

  /** Archives the original from its page (with confirmation), then opens the archive. */
  const archiveAndOpenArchive = async () => {
    await page.goto(`${url}/projects/default/features/${name}/strategies`);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Archive feature toggle' })
      .getByRole('button', { name: 'Archive toggle' })
      .click();
    // Archived, the console goes to the toggle's project; the archive is a link on the toggle list.
    await expect(page).toHaveURL(/\/projects\/default$/);
    await page.getByRole('banner').getByRole('link', { name: 'Feature toggles' }).click();
    await page.getByRole('link', { name: 'Archive' }).click();
  };

  // Archive the original, find it in /archive, revive it.
  await archiveAndOpenArchive();
  await expect(page.getByRole('heading', { name: 'Archived Features' })).toBeVisible();
  await page.getByRole('button', { name: `Revive ${name}` }).click();
  await expect(page.getByRole('button', { name: `Revive ${name}` })).toBeHidden();
  expect((await toggleState()).archived).toBe(false);

  // Archived again and opened from the archive, Revive on its own page restores it and returns to the project page.
  await archiveAndOpenArchive();
  await page.getByRole('list', { name: 'Archived features' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/default/archived/${name}/logs$`));
  await page.getByRole('button', { name: 'Revive', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/default$/);
  await expect(
    page.getByRole('table', { name: 'Feature toggles of the project' }).getByRole('link', { name, exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Could not find the toggle')).toHaveCount(0);
  expect((await toggleState()).archived).toBe(false);

  // Every step is in the Log tab.
  await page.goto(`${url}/projects/default/features/${name}/strategies`);
  await page.getByRole('tab', { name: 'Log' }).click();
  const events = page.getByRole('list', { name: 'Events' });
  for (const type of [
    'feature-created',
    'feature-updated',
    'feature-stale-on',
    'feature-stale-off',
    'feature-tagged',
    'feature-untagged',
    'feature-archived',
    'feature-revived',
  ]) {
    await expect(events.getByText(type, { exact: true }).first()).toBeVisible();
  }
});

test('the new create form makes an enabled toggle in the project', async ({ page }) => {
  const { url } = server();
  await signIn(page, url);
  await page.goto(`${url}/projects/default/create-toggle2?type=kill-switch`);
  await expect(page.getByRole('heading', { name: 'Create new feature toggle' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('payments.off-switch');
  await page.getByRole('switch', { name: 'Disabled feature toggle' }).click();
  await expect(page.getByRole('switch', { name: 'Enabled feature toggle' })).toBeChecked();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/default\/features\/payments\.off-switch\/strategies$/);
  const created = await (await page.request.get(`${url}/api/admin/features/payments.off-switch`)).json();
  expect(created).toMatchObject({ type: 'kill-switch', project: 'default', enabled: true });
});

test('a Viewer sees the controls locked and the API refuses them', async ({ page, request }) => {
  const { url } = server();
  const login = await request.post(`${url}/auth/simple/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const created = await request.post(`${url}/api/admin/user-admin`, {
    headers,
    data: { email: 'viewer@example.com', name: 'Vera Viewer', rootRole: 3, password: 'Viewer-pass-123!' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, url, 'viewer@example.com', 'Viewer-pass-123!');
  const locked = "You don't have access to perform this operation";
  await expect(page.getByRole('button', { name: 'Create feature toggle' })).toHaveAttribute('aria-disabled', 'true');

  await page.goto(`${url}/projects/default/features/${name}/strategies`);
  for (const control of [
    page.getByRole('switch', { name: 'Enabled' }),
    page.getByRole('button', { name: 'Add tag' }),
    page.getByRole('button', { name: 'Clone' }),
    page.getByRole('button', { name: 'Archive', exact: true }),
  ]) {
    await expect(control).toHaveAttribute('aria-disabled', 'true');
    await expect(control).toHaveAccessibleDescription(locked);
  }
  await page.getByRole('button', { name: 'Clone' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText(locked);

  // The server refuses the same calls for this session, and nothing changes.
  for (const call of [
    page.request.post(`${url}/api/admin/features/${name}/toggle/on`, { headers }),
    page.request.post(`${url}/api/admin/features/${name}/tags`, { headers, data: { type: 'simple', value: 'nope' } }),
    page.request.delete(`${url}/api/admin/features/${name}`, { headers }),
    page.request.post(`${url}/api/admin/features`, { headers, data: { name: 'viewer.made' } }),
  ]) {
    expect((await call).status()).toBe(403);
  }
  const after = await (await page.request.get(`${url}/api/admin/features/${name}`)).json();
  expect(after.enabled).toBe(false);
  expect(after.archived).toBe(false);
});
