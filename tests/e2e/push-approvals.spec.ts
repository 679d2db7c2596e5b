// Approvals from the phone's notification: an Editor requests "production off"; the server's push ("awaits your
// approval") reaches the Admin's installed console on a phone; tapping it opens the request, Approve is the next tap,
// then Apply, and the toggle is off on the server by one change. Offline, the approval tapped is sent once when the
// connection is back. A real server, a push service on loopback that decrypts each message, Chromium.
import type { Page } from '@playwright/test';
import { startPushService, type PushService } from '../../server/push/push-service.test-support.ts';
import { seriousViolations } from '../support/axe.ts';
import { expectTouchTargets } from '../support/targets.ts';
import {
  adminApiOf,
  ADMIN_PASSWORD,
  apiOf,
  expect,
  freshServer,
  openInstalled,
  PHONE,
  signIn,
  test,
} from './fixtures.ts';
import { deliverToWorker, giveBrowserSubscription, notifications, tapNotification } from './push-device.ts';

const server = freshServer();
const admin = adminApiOf(server);
const api = apiOf(server);
const TOGGLE = 'checkout.push-approval';
const EDITOR = { email: 'erin@example.com', name: 'Erin Editor', rootRole: 2, password: ADMIN_PASSWORD };
const REQUESTS = 'api/admin/projects/default/change-requests';

let pushService: PushService | undefined;
test.afterEach(() => pushService?.close());

test.beforeAll(async () => {
  await admin('POST', 'api/admin/user-admin', EDITOR);
  await admin('POST', 'api/admin/projects/default/features', { name: TOGGLE, type: 'release' });
  const environment = `api/admin/projects/default/features/${TOGGLE}/environments/production`;
  await admin('POST', `${environment}/strategies`, { name: 'default' });
  await admin('POST', `${environment}/on`);
  await admin('PUT', 'api/admin/projects/default/environments/production/change-requests/config', {
    changeRequestsEnabled: true,
    requiredApprovals: 1,
  });
});

const productionOf = async (page: Page) =>
  (
    (await api(page, 'GET', `api/admin/projects/default/features/${TOGGLE}`)).environments as {
      name: string;
      enabled: boolean;
    }[]
  ).find((env) => env.name === 'production')!.enabled;

const eventsOf = async (page: Page, type: string) =>
  ((await api(page, 'GET', `api/admin/events/${TOGGLE}`)).events as { type: string }[]).filter((e) => e.type === type)
    .length;

test.describe('on the Admin’s phone', () => {
  test.use({ ...PHONE, colorScheme: 'dark' });

  test('the push "awaits your approval" opens the request; Approve, then Apply: production off once, online and offline', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const { url } = server();
    pushService = await startPushService();
    await giveBrowserSubscription(page, pushService.device());
    await page.context().grantPermissions(['notifications'], { origin: url });
    await signIn(page, url);
    await openInstalled(page, url);
    await page.getByRole('button', { name: 'Profile' }).click();
    const device = page
      .getByRole('dialog', { name: 'Profile' })
      .getByRole('switch', { name: 'Notifications on this device' });
    await device.click();
    await expect(device).toBeChecked();
    await page.keyboard.press('Escape');

    const editor = await (await browser.newContext()).newPage();
    await signIn(editor, url, EDITOR.email, EDITOR.password);
    /** The Editor asks for production on or off, and sends the request to review: the Admin is told. */
    const request = async (enabled: boolean) => {
      const draft = 'api/admin/projects/default/environments/production/change-requests';
      const { id } = await api(editor, 'POST', draft, {
        feature: TOGGLE,
        action: 'updateEnabled',
        payload: { enabled },
      });
      await api(editor, 'PUT', `${REQUESTS}/${id}/state`, { state: 'In review' });
      return id as number;
    };
    /** The push for request `id`, delivered to the phone's service worker, and a tap on its notification. */
    const tapPush = async (id: number, count: number) => {
      const push = (await pushService!.waitFor(count))[count - 1];
      expect(pushService!.errors).toEqual([]);
      expect(push.message).toMatchObject({
        title: `Change request #${id} awaits your approval`,
        url: `/projects/default/change-requests/${id}`,
      });
      await deliverToWorker(page, url, push.message);
      await expect
        .poll(() => notifications(page))
        .toContainEqual(expect.objectContaining({ title: `Change request #${id} awaits your approval` }));
      await tapNotification(page);
      await expect(page).toHaveURL(`${url}/projects/default/change-requests/${id}`);
      await expect(page.getByRole('heading', { name: `Change request #${id}` })).toBeVisible();
    };

    // Online: the notification's tap opens the request; Approve is the next tap, then Apply.
    const off = await request(false);
    await tapPush(off, 1);
    const approve = page.getByRole('button', { name: 'Approve' });
    await expectTouchTargets([approve]);
    expect(await seriousViolations(page)).toEqual([]);
    await approve.tap();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Apply changes' }).tap();
    await expect(page.getByText('Applied', { exact: true })).toBeVisible();
    await expect.poll(() => productionOf(editor)).toBe(false);
    expect(await eventsOf(editor, 'feature-environment-disabled')).toBe(1);

    // Offline: the approval tapped is queued, and sent once when the connection is back.
    const on = await request(true);
    await tapPush(on, 2);
    await expect(approve).toBeVisible();
    // An answer still on its way when the connection drops would say the server is reachable again.
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
    await approve.tap();
    await expect(page.getByText(/Your approval waits to be sent/)).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByText('Approved', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect((await api(editor, 'GET', `${REQUESTS}/${on}`)).approvals).toHaveLength(1);
    await page.getByRole('button', { name: 'Apply changes' }).tap();
    await expect(page.getByText('Applied', { exact: true })).toBeVisible();
    await expect.poll(() => productionOf(editor)).toBe(true);
    expect(await eventsOf(editor, 'feature-environment-enabled')).toBe(2);
    expect(await eventsOf(editor, 'feature-environment-disabled')).toBe(1);
    await page.screenshot({ path: test.info().outputPath('approved-from-push-phone-dark.png'), fullPage: true });
  });
});
