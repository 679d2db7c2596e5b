// Applications, as a new user goes: an SDK registers and reports metrics through the client API with a
// client token; from the Configure menu at 1280x800 the application is in the list, its page shows the instance and
// the toggle it used (a link), its description is edited (saved on blur, kept after a reload), and the toggle's
// metrics tab links back to it; a toggle's metrics follow what the SDK reports, also after a quick reload. At 390x844
// both screens fit the phone. A real server, Debian's Chromium.
import { expectFitsPhone } from '../support/targets.ts';
import { adminApiOf, expect, freshServer, PHONE, signIn, test } from './fixtures.ts';

const CLIENT_TOKEN = '*:default.applications-e2e-client-0123456789';
const server = freshServer({ INIT_CLIENT_API_TOKENS: CLIENT_TOKEN });
const call = adminApiOf(server);

/** What an SDK sends, with the client token (catalog records 125 and 127). */
async function sdk(path: 'register' | 'metrics', body: object) {
  const response = await fetch(`${server().url}/api/client/${path}`, {
    method: 'POST',
    headers: { Authorization: CLIENT_TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `POST api/client/${path}`).toBe(202);
}

test.beforeAll(async () => {
  await call('POST', 'api/admin/features', { name: 'checkout-redesign', description: 'The new checkout' });
  await sdk('register', {
    appName: 'web-shop',
    instanceId: 'web-shop-pod-1',
    sdkVersion: 'unleash-client-node:3.10.0',
    strategies: ['default', 'flexibleRollout'],
    started: new Date().toISOString(),
    interval: 10000,
  });
  const stop = new Date();
  await sdk('metrics', {
    appName: 'web-shop',
    instanceId: 'web-shop-pod-1',
    bucket: {
      start: new Date(stop.getTime() - 60_000).toISOString(),
      stop: stop.toISOString(),
      toggles: { 'checkout-redesign': { yes: 30, no: 10 }, 'dark-mode': { yes: 2, no: 0 } },
    },
  });
});

test('a registered application is listed, shown, edited and reached from the toggle metrics', async ({ page }) => {
  await signIn(page, server().url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL(/\/applications$/);
  await page.getByRole('list', { name: 'Applications' }).getByRole('link', { name: 'web-shop' }).click();

  await expect(page).toHaveURL(/\/applications\/web-shop$/);
  await expect(page.getByRole('heading', { name: 'web-shop', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Instances' })).toContainText(
    'web-shop-pod-1 (unleash-client-node:3.10.0)',
  );
  await expect(page.getByRole('list', { name: 'Implemented strategies' }).getByRole('link')).toHaveText([
    'default',
    'flexibleRollout',
  ]);
  const toggles = page.getByRole('list', { name: 'Toggles' });
  await expect(toggles.getByRole('link', { name: 'checkout-redesign' })).toHaveAttribute(
    'href',
    /\/projects\/default\/features2\/checkout-redesign$/,
  );
  // A toggle the SDK used that the server does not have: an admin is offered to create it.
  await expect(toggles.getByRole('link', { name: 'dark-mode' })).toHaveAttribute(
    'href',
    /\/projects\/default\/create-toggle\?name=dark-mode$/,
  );
  await expect(toggles).toContainText('Missing, want to create?');

  await page.getByRole('tab', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/applications\/web-shop\?tab=edit$/);
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.fill('The shop front end');
  await description.press('Tab');
  await expect
    .poll(async () => (await call('GET', 'api/admin/metrics/applications/web-shop')).description)
    .toBe('The shop front end');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('The shop front end');
  await expect(page.getByRole('main')).toContainText('The shop front end');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('list', { name: 'Toggles' }).getByRole('link', { name: 'checkout-redesign' }).click();
  await expect(page).toHaveURL(/\/projects\/default\/features2\/checkout-redesign/);
  await page.getByRole('tab', { name: 'Metrics' }).click();
  const applications = page.getByRole('region', { name: 'Applications' });
  await applications.getByRole('link', { name: 'web-shop' }).click();
  await expect(page).toHaveURL(/\/applications\/web-shop$/);
  await expect(page.getByRole('heading', { name: 'web-shop', level: 1 })).toBeVisible();
});

test('offline, both screens show what was read before; an edit waits for the connection', async ({ page, context }) => {
  await signIn(page, server().url);
  // Both screens read once online (their code too: the service worker may not have precached it yet).
  await page.goto(`${server().url}/applications`);
  await page.getByRole('list', { name: 'Applications' }).getByRole('link', { name: 'web-shop' }).click();
  await expect(page.getByRole('list', { name: 'Instances' })).toContainText('web-shop-pod-1');
  await page.getByRole('link', { name: 'Feature toggles' }).first().click();
  await context.setOffline(true);

  const configure = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Configure' });
  await configure.click();
  await page.getByRole('list', { name: 'Configure' }).getByRole('link', { name: 'Applications' }).click();
  await page.getByRole('list', { name: 'Applications' }).getByRole('link', { name: 'web-shop' }).click();
  await expect(page.getByRole('list', { name: 'Instances' })).toContainText('web-shop-pod-1');

  await page.getByRole('tab', { name: 'Edit' }).click();
  const icon = page.getByRole('textbox', { name: 'Icon' });
  await icon.fill('cloud');
  await icon.press('Tab');
  await expect(page.getByText('Not saved yet. You are offline.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: 'Delete application' })).toHaveAttribute('aria-disabled', 'true');

  await context.setOffline(false);
  await expect(save).not.toHaveAttribute('aria-disabled');
  await expect(icon).toHaveValue('cloud');
  await save.click();
  await expect.poll(async () => (await call('GET', 'api/admin/metrics/applications/web-shop')).icon).toBe('cloud');
  await expect(save).toBeHidden();
});

test("a toggle's metrics follow what SDKs report, also after a quick reload", async ({ page }) => {
  const toggle = 'search-v2';
  await call('POST', 'api/admin/features', { name: toggle });
  const report = (yes: number, no: number) =>
    sdk('metrics', {
      appName: 'web-shop',
      instanceId: 'web-shop-pod-1',
      bucket: { start: new Date().toISOString(), stop: new Date().toISOString(), toggles: { [toggle]: { yes, no } } },
    });
  await signIn(page, server().url);
  await page.getByRole('list', { name: 'Feature toggles' }).getByRole('link', { name: toggle }).click();
  await page.getByRole('tab', { name: 'Metrics' }).click();
  const notUsed = page.getByText('Not used in an app in the last hour.', { exact: false });
  await expect(notUsed).toBeVisible();
  // That answer is kept on the device; an SDK reports, and the page is reloaded while the kept answer is recent.
  await expect
    .poll(() =>
      page.evaluate((name) => Object.values(localStorage).some((v) => v.includes(`"usage","${name}"`)), toggle),
    )
    .toBe(true);
  await report(3, 1);
  await page.reload();
  const counts = page.getByRole('group', { name: 'Requests in default in the last hour' });
  await expect(counts).toContainText('3 yes');
  await expect(notUsed).toHaveCount(0);
  // The open screen follows what is reported next.
  await report(2, 0);
  await expect(counts).toContainText('5 yes', { timeout: 30_000 });
  // So do the overview's counts.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: /^default/ }).click();
  await expect(page.getByRole('group', { name: 'Requests in default in the last hour' })).toContainText('5 yes');
});

test('an unknown application says so', async ({ page }) => {
  await signIn(page, server().url);
  await page.goto(`${server().url}/applications/nope`);
  await expect(page.getByRole('alert').filter({ hasText: 'Application (nope) not found' })).toBeVisible();
});

test.describe('at 390x844', () => {
  test.use(PHONE);

  test('the list and the application fit the screen and their targets are at least 44 px', async ({ page }) => {
    await call('POST', 'api/admin/metrics/applications/web-shop', {
      url: 'https://shop.example.com/a/rather/long/path/that/must/wrap/on/a/phone',
    });
    await signIn(page, server().url);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Applications' }).tap();
    const app = page.getByRole('list', { name: 'Applications' }).getByRole('link', { name: 'web-shop' });
    await expectFitsPhone(page, [app]);

    await app.tap();
    await expect(page.getByRole('list', { name: 'Instances' })).toContainText('web-shop-pod-1');
    await expectFitsPhone(page, [
      page.getByRole('tab', { name: 'Overview' }),
      page.getByRole('tab', { name: 'Edit' }),
      page.getByRole('list', { name: 'Toggles' }).getByRole('link', { name: 'checkout-redesign' }),
      page.getByRole('list', { name: 'Implemented strategies' }).getByRole('link', { name: 'default' }),
    ]);

    await page.getByRole('tab', { name: 'Edit' }).tap();
    await expectFitsPhone(page, [
      page.getByRole('textbox', { name: 'Description' }),
      page.getByRole('textbox', { name: 'Application URL' }),
      page.getByRole('button', { name: 'Delete application' }),
    ]);
  });
});
