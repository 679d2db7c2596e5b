import type { Page } from '@playwright/test';
import { startPushService, type PushService } from '../../server/test-support/push-service.ts';
import { seriousViolations } from '../support/axe.ts';
import { sessionCookie, sessionHeaders } from '../support/session.ts';
import { adminApiOf, apiOf, expect, freshServer, openInstalled, PHONE, signIn, test } from './fixtures.ts';
import { deliverToWorker, giveBrowserSubscription, KEPT, notifications, tapNotification } from './push-device.ts';

// Web Push to the installed console: the profile menu's "Notifications on this device", a notification the server
// sends reaching the service worker, and a tap on it opening the screen it names.

const server = freshServer();
const adminApi = adminApiOf(server);
const api = apiOf(server);

const TOGGLE = 'push-e2e';
const EDITOR = { email: 'push-editor@example.com', password: 'Push-Editor-Passw0rd!' };
const SWITCH = 'Notifications on this device';

let pushService: PushService | undefined;
test.afterEach(() => pushService?.close());

/** Opens the profile menu: its "Notifications on this device" switch. */
async function openSwitch(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  return page.getByRole('dialog', { name: 'Profile' }).getByRole('switch', { name: SWITCH });
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a production change of a toggle I pinned shows on my phone; tapping it opens the toggle', async ({ page }) => {
    const { url } = server();
    pushService = await startPushService();
    const device = pushService.device();
    await giveBrowserSubscription(page, device);
    await page.context().grantPermissions(['notifications'], { origin: url });
    await adminApi('POST', 'api/admin/projects/default/features', { name: TOGGLE });
    await adminApi('POST', 'api/admin/user-admin', { ...EDITOR, name: 'Push Editor', rootRole: 2 });
    await signIn(page, url);
    await openInstalled(page, url);
    await api(page, 'POST', `api/admin/projects/default/features/${TOGGLE}/favorites`);

    const notificationsSwitch = await openSwitch(page);
    await expect(notificationsSwitch).not.toBeChecked();
    await expect(notificationsSwitch).toBeEnabled();
    await notificationsSwitch.click();
    await expect(notificationsSwitch).toBeChecked();
    const { publicKey } = await api(page, 'GET', 'api/admin/push/vapid-public-key');
    expect(await page.evaluate((kept) => localStorage.getItem(kept), KEPT)).toBe(publicKey);
    expect((await adminApi('GET', 'api/admin/events?type=push-subscription-added')).events).toHaveLength(1);
    await page.keyboard.press('Escape');

    // An Editor turns the toggle on in production: the server's push reaches the push service, which hands it on.
    const editor = await sessionCookie(url, EDITOR.email, EDITOR.password);
    const flip = async (state: 'on' | 'off') => {
      const path = `api/admin/projects/default/features/${TOGGLE}/environments/production/${state}`;
      expect((await fetch(`${url}/${path}`, { method: 'POST', headers: sessionHeaders(editor) })).status).toBe(200);
    };
    await flip('on');
    const [push] = await pushService.waitFor(1);
    expect(pushService.errors).toEqual([]);
    expect(push.vapid.publicKey).toBe(publicKey);
    const message = {
      title: `${TOGGLE} changed in production`,
      body: `${EDITOR.email} turned it on.`,
      url: `/projects/default/features/${TOGGLE}`,
    };
    expect(push.message).toEqual(message);

    await deliverToWorker(page, url, push.message);
    await expect.poll(() => notifications(page)).toEqual([{ title: message.title, body: message.body }]);
    // A newer notice about the same toggle takes the place of the one shown.
    await flip('off');
    const [, offPush] = await pushService.waitFor(2);
    expect(offPush.message).toEqual({ ...message, body: `${EDITOR.email} turned it off.` });
    await deliverToWorker(page, url, offPush.message);
    await expect.poll(() => notifications(page)).toEqual([{ title: message.title, body: offPush.message.body }]);
    await tapNotification(page);
    await expect(page).toHaveURL(`${url}${message.url}/strategies`); // a toggle's path opens its first tab
    await expect(page.getByRole('heading', { name: TOGGLE })).toBeVisible();
    await expect.poll(() => notifications(page)).toEqual([]);

    // Off: the server forgets this device, and the browser's subscription ends.
    const again = await openSwitch(page);
    await expect(again).toBeChecked();
    await again.click();
    await expect(again).not.toBeChecked();
    expect((await adminApi('GET', 'api/admin/events?type=push-subscription-removed')).events).toHaveLength(1);
    expect(await page.evaluate((kept) => localStorage.getItem(kept), KEPT)).toBeNull();
  });
});

test('where notifications are blocked, the switch is off and disabled, saying why', async ({ page }) => {
  const { url } = server();
  // Playwright grants permissions but cannot deny one: DevTools can, in the page's own browser context.
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(url).origin,
    browserContextId: targetInfo.browserContextId,
  });
  await signIn(page, url);
  await openInstalled(page, url);
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  const notificationsSwitch = await openSwitch(page);
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile.getByText('Notifications are blocked for this site.', { exact: false })).toBeVisible();
  await expect(notificationsSwitch).toBeDisabled();
  await expect(notificationsSwitch).not.toBeChecked();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});
