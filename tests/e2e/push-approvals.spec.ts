// Approvals from the phone's notification: an Editor requests "production off"; the server's push ("awaits your
// approval") reaches the Admin's installed console on a phone; tapping it opens the request, Approve is the next tap,
// then Apply, and the toggle is off on the server by one change. Offline, the approval tapped is sent once when the
// connection is back. A real server, a push service on loopback that decrypts each message, Chromium.
import { startPushService, type PushService } from '../../server/test-support/push-service.ts';
import { seriousViolations } from '../support/axe.ts';
import { expectTouchTargets } from '../support/targets.ts';
import {
  changeRequestsOf,
  EDITOR,
  expect,
  freshServer,
  openInstalled,
  PHONE,
  signedInPage,
  signIn,
  test,
} from './fixtures.ts';
import { deliverToWorker, giveBrowserSubscription, notifications, tapNotification } from './push-device.ts';

const server = freshServer();
const TOGGLE = 'checkout.push-approval';
const { setUp, gateProduction, productionOf, eventsOf, requestInReview, read } = changeRequestsOf(server, TOGGLE);

let pushService: PushService | undefined;
test.afterEach(() => pushService?.close());

test.beforeAll(async () => {
  await setUp();
  await gateProduction();
});

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

    const editor = await signedInPage(browser, url, EDITOR);
    /** The Editor asks for production on or off, and sends the request to review: the Admin is told. */
    const request = (enabled: boolean) => requestInReview(editor, enabled);
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
    expect((await read(editor, on)).approvals).toHaveLength(1);
    await page.getByRole('button', { name: 'Apply changes' }).tap();
    await expect(page.getByText('Applied', { exact: true })).toBeVisible();
    await expect.poll(() => productionOf(editor)).toBe(true);
    expect(await eventsOf(editor, 'feature-environment-enabled')).toBe(2);
    expect(await eventsOf(editor, 'feature-environment-disabled')).toBe(1);
    await page.screenshot({ path: test.info().outputPath('approved-from-push-phone-dark.png'), fullPage: true });
  });
});
