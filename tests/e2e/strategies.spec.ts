// Strategies, variants and the project move in the new feature view, as a new user would use
// them: a Gradual rollout with a constraint in production (confirmed), reordering by dragging, edit and discard, edit
// and save, three variants and a fixed one, the blocked move, and an edit made offline that replays once online.
// A real server on a fresh data folder, Debian's Chromium; set-up and checks through the API with the page's session.
import type { Locator, Page } from '@playwright/test';
import { apiOf, expect, freshServer, openInstalled, signIn, test } from './fixtures.ts';

const server = freshServer();

interface Strategy {
  id?: string;
  name: string;
  parameters?: Record<string, string>;
  constraints?: Array<{ contextName: string; operator: string; values: string[] }>;
}

/** Admin API calls with the page's session (the set-up and the checks). */
const api = apiOf(server);

const featurePath = (name: string) => `api/admin/projects/default/features/${name}`;

const strategiesOf = async (page: Page, name: string, environment: string): Promise<Strategy[]> =>
  api(page, 'GET', `${featurePath(name)}/environments/${environment}/strategies`);

/**
 * A toggle in the default project. A new toggle gets the 'default' strategy in every environment; each environment
 * given here gets exactly the strategies given instead (in that order).
 */
/** The strategies of a toggle's environment as the console's IndexedDB mirror holds them (names, in order). */
function mirroredOrder(page: Page, name: string, environment: string): Promise<string[] | undefined> {
  return page.evaluate(
    ({ name, environment }) =>
      new Promise<string[] | undefined>((resolve, reject) => {
        const opened = indexedDB.open('switchyard');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const read = opened.result.transaction('toggles').objectStore('toggles').get(name);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            opened.result.close();
            const row = read.result && JSON.parse(read.result.json);
            const env = row?.environments?.find((e: { name: string }) => e.name === environment);
            resolve(env?.strategies.map((s: { name: string }) => s.name));
          };
        };
      }),
    { name, environment },
  );
}

async function createToggle(page: Page, name: string, strategies: Record<string, Strategy[]> = {}) {
  await api(page, 'POST', 'api/admin/projects/default/features', { name, type: 'release' });
  for (const [environment, list] of Object.entries(strategies)) {
    const path = `${featurePath(name)}/environments/${environment}/strategies`;
    for (const { id } of await strategiesOf(page, name, environment)) await api(page, 'DELETE', `${path}/${id}`);
    for (const strategy of list) await api(page, 'POST', path, { constraints: [], ...strategy });
  }
}

const eventsOf = async (page: Page, name: string) =>
  ((await api(page, 'GET', `api/admin/events/${name}`)).events as Array<{ type: string }>).map((e) => e.type);

const rollout = (groupId: string): Strategy => ({
  name: 'flexibleRollout',
  parameters: { rollout: '50', stickiness: 'default', groupId },
});
const userIds = (ids: string): Strategy => ({ name: 'userWithId', parameters: { userIds: ids } });

async function openStrategies(page: Page, name: string, environment: string) {
  await page.goto(`${server().url}/projects/default/features2/${name}/strategies?environment=${environment}`);
  await expect(page.getByRole('heading', { name: `Strategies in ${environment}` })).toBeVisible();
}

/** A real pointer drag: press, move past the 6 px activation distance, glide onto the target, release. */
async function drag(page: Page, handle: Locator, target: Locator, offsetY = 0) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + offsetY, { steps: 15 });
  await page.mouse.up();
}

test('a Gradual rollout with a constraint is added to production after the confirmation', async ({ page }) => {
  const name = 'checkout.gradual';
  await signIn(page, server().url);
  await createToggle(page, name, { production: [] });
  await openStrategies(page, name, 'production');
  await expect(page.getByText('No strategies in production yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add new strategy' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Add a strategy to production' });
  await expect(sidebar).toBeVisible();
  await expect(page).toHaveURL(/addStrategy=true/);
  await sidebar.getByRole('button', { name: 'Add Gradual rollout' }).click();

  const form = page.getByRole('form', { name: 'Configure Gradual rollout' });
  await expect(form.getByRole('heading', { name: 'Gradual rollout in production' })).toBeVisible();
  await form.getByRole('button', { name: 'Add constraints' }).click();
  const constraints = page.getByRole('dialog', { name: 'Define constraints' });
  await constraints.getByRole('button', { name: 'Add constraint' }).click();
  await constraints.getByRole('combobox', { name: 'Context field' }).selectOption('appName');
  await constraints.getByRole('combobox', { name: 'Operator' }).selectOption('IN');
  await constraints.getByRole('textbox', { name: 'Values' }).fill('checkout-web');
  await constraints.getByRole('textbox', { name: 'Values' }).press('Enter');
  await constraints.getByRole('button', { name: 'Update constraints' }).click();
  await expect(constraints).toBeHidden();
  await expect(form.getByRole('region', { name: 'Constraints' })).toContainText('appName is one of checkout-web');

  await form.getByRole('button', { name: 'Save strategy' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change production?' });
  await expect(confirm).toContainText('production is a production environment');
  await confirm.getByRole('button', { name: 'Add strategy' }).click();
  await expect(confirm).toBeHidden();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: /^Gradual rollout/ })).toBeVisible();

  await expect
    .poll(() => strategiesOf(page, name, 'production'))
    .toEqual([
      expect.objectContaining({
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: name },
        constraints: [
          { contextName: 'appName', operator: 'IN', values: ['checkout-web'], inverted: false, caseInsensitive: false },
        ],
      }),
    ]);
  // The other environments keep what they had.
  expect((await strategiesOf(page, name, 'development')).map((s) => s.name)).toEqual(['default']);
});

test('two strategies are reordered by dragging', async ({ page }) => {
  const name = 'checkout.reorder';
  await signIn(page, server().url);
  await createToggle(page, name, { development: [rollout('first'), userIds('alice,bob')] });
  await openStrategies(page, name, 'development');

  const handles = page.getByRole('button', { name: /^Move / });
  await expect(handles).toHaveCount(2);
  await expect(handles.first()).toHaveAccessibleName('Move Gradual rollout');
  await drag(
    page,
    page.getByRole('button', { name: 'Move Gradual rollout' }),
    page.getByRole('button', { name: 'Move UserIDs' }),
    20,
  );

  await expect(handles.first()).toHaveAccessibleName('Move UserIDs');
  await expect(handles.last()).toHaveAccessibleName('Move Gradual rollout');
  await expect
    .poll(async () => (await strategiesOf(page, name, 'development')).map((s) => s.name))
    .toEqual(['userWithId', 'flexibleRollout']);
  // The order holds after a reload (it is the server's), once the console has stored it in its mirror: a page read
  // from a mirror that lags behind the server shows the refresh notice instead.
  await expect.poll(() => mirroredOrder(page, name, 'development')).toEqual(['userWithId', 'flexibleRollout']);
  await page.reload();
  await expect(handles.first()).toHaveAccessibleName('Move UserIDs');
});

test('an edit is discarded, then an edit is saved after the production confirmation', async ({ page }) => {
  const name = 'checkout.edit';
  await signIn(page, server().url);
  await createToggle(page, name, { production: [rollout('checkout')] });
  const [saved] = await strategiesOf(page, name, 'production');
  await openStrategies(page, name, 'production');

  await page.getByRole('button', { name: /^Gradual rollout/ }).click();
  const groupId = page.getByRole('textbox', { name: 'groupId' });
  await expect(groupId).toHaveValue('checkout');
  await groupId.fill('checkout-discarded');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(groupId).toHaveValue('checkout');
  expect(await strategiesOf(page, name, 'production')).toEqual([saved]);

  await groupId.fill('checkout-v2');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change production?' });
  await confirm.getByRole('button', { name: 'Save changes' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  await expect
    .poll(() => strategiesOf(page, name, 'production'))
    .toEqual([{ ...saved, parameters: { ...saved.parameters, groupId: 'checkout-v2' } }]);
  expect((await eventsOf(page, name)).filter((t) => t === 'feature-strategy-update')).toHaveLength(1);
});

test('three variants share the weight, and a fixed 50 % leaves the others the rest', async ({ page }) => {
  const name = 'checkout.variants';
  await signIn(page, server().url);
  await createToggle(page, name);
  await page.goto(`${server().url}/projects/default/features2/${name}/variants`);
  await expect(page.getByText('No variants defined.')).toBeVisible();

  for (const variant of ['blue', 'green', 'red']) {
    await page.getByRole('button', { name: 'Add variant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add variant' });
    await dialog.getByRole('textbox', { name: 'Variant name' }).fill(variant);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('table', { name: 'Variants' }).getByRole('cell', { name: variant, exact: true }),
    ).toBeVisible();
  }
  const weights = async () =>
    (
      (await api(page, 'GET', featurePath(name))).variants as Array<{
        name: string;
        weight: number;
        weightType: string;
      }>
    ).map(({ name, weight, weightType }) => [name, weight, weightType]);
  await expect.poll(weights).toEqual([
    ['blue', 334, 'variable'],
    ['green', 333, 'variable'],
    ['red', 333, 'variable'],
  ]);

  await page.getByRole('button', { name: 'Edit variant green' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit variant' });
  await dialog.getByRole('switch', { name: 'Custom percentage' }).check();
  await dialog.getByRole('textbox', { name: 'Weight' }).fill('50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect.poll(weights).toEqual([
    ['blue', 250, 'variable'],
    ['green', 500, 'fix'],
    ['red', 250, 'variable'],
  ]);
  const rows = page.getByRole('table', { name: 'Variants' }).getByRole('row');
  await expect(rows.filter({ hasText: 'blue' })).toContainText('25 %');
  await expect(rows.filter({ hasText: 'green' })).toContainText('50 % (custom)');
  await expect(rows.filter({ hasText: 'red' })).toContainText('25 %');
});

test('moving the toggle to a project without one of its environments is blocked', async ({ page }) => {
  const name = 'checkout.move';
  await signIn(page, server().url);
  await createToggle(page, name, { development: [userIds('alice')], production: [rollout('checkout')] });
  await api(page, 'POST', 'api/admin/projects', { id: 'web', name: 'Web shop' });
  await api(page, 'DELETE', 'api/admin/projects/web/environments/production');

  await page.goto(`${server().url}/projects/default/features2/${name}/settings`);
  await page.getByRole('tab', { name: 'Project' }).click();
  await page.getByRole('combobox', { name: 'Project' }).selectOption('web');
  await page.getByRole('button', { name: 'Move toggle' }).click();

  const blocked = page.getByRole('dialog', { name: 'The toggle cannot be moved' });
  await expect(blocked).toContainText('project Web shop does not have: production.');
  await expect(blocked).not.toContainText('development');
  await blocked.getByRole('button', { name: 'Close' }).first().click();
  await expect(blocked).toBeHidden();

  expect((await api(page, 'GET', `api/admin/features/${name}`)).project).toBe('default');
  expect((await strategiesOf(page, name, 'production')).map((s) => s.name)).toEqual(['flexibleRollout']);
  expect(await eventsOf(page, name)).not.toContain('feature-project-change');
});

test('a strategy edited offline is saved once the network is back, exactly once', async ({ page, context }) => {
  const name = 'checkout.offline';
  await signIn(page, server().url);
  await createToggle(page, name, { development: [rollout('checkout')] });
  const [saved] = await strategiesOf(page, name, 'development');
  await openInstalled(page, server().url);
  await openStrategies(page, name, 'development');

  await context.setOffline(true);
  await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
  await page.getByRole('button', { name: /^Gradual rollout/ }).click();
  await page.getByRole('textbox', { name: 'groupId' }).fill('checkout-offline');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  expect(await strategiesOf(page, name, 'development')).toEqual([saved]);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /changes? waiting/ })).toBeHidden({ timeout: 20_000 });
  expect(await strategiesOf(page, name, 'development')).toEqual([
    { ...saved, parameters: { ...saved.parameters, groupId: 'checkout-offline' } },
  ]);
  expect((await eventsOf(page, name)).filter((t) => t === 'feature-strategy-update')).toHaveLength(1);
  await expect(page.getByRole('textbox', { name: 'groupId' })).toHaveValue('checkout-offline');
});
