// A phone's push device for the console's specs: the subscription a browser would make (at a push service on
// loopback), pushes delivered to the service worker through DevTools, and taps on the notifications it shows.
import type { Page } from '@playwright/test';
import type { Device } from '../../server/test-support/push-service.ts';
import { expect } from './fixtures.ts';

/** Where the page keeps the handed subscription's server key (base64url), while it is subscribed. */
export const KEPT = 'push-test-subscription';

/**
 * Headless Chromium has no push service: pushManager.subscribe fails ("AbortError: Registration failed - permission
 * denied") even with the permission granted. The page's PushManager is therefore handed the subscription a browser
 * would make, at a push service on loopback, with the device keys the test made (its `applicationServerKey` is kept,
 * base64url, to compare with the server's). The rest is real: the console's switch and its calls, the server, the
 * push service that decrypts each message, and the service worker, which DevTools delivers each push to.
 */
export async function giveBrowserSubscription(page: Page, device: Device) {
  await page.addInitScript(
    ({ subscription, kept }) => {
      const browserSubscription = () =>
        ({
          endpoint: subscription.endpoint,
          expirationTime: null,
          toJSON: () => subscription,
          unsubscribe: async () => {
            localStorage.removeItem(kept);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = new Uint8Array(options!.applicationServerKey as Uint8Array<ArrayBuffer>);
        const base64 = btoa(String.fromCharCode(...key));
        localStorage.setItem(kept, base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
        return browserSubscription();
      };
      PushManager.prototype.getSubscription = async () =>
        localStorage.getItem(kept) === null ? null : browserSubscription();
    },
    { subscription: device.subscription, kept: KEPT },
  );
}

/** Delivers a push to the console's service worker through DevTools (ServiceWorker.deliverPushMessage). */
export async function deliverToWorker(page: Page, url: string, message: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${url}/`)).toBe(true);
  const { registrationId } = registrations.find((r) => r.scopeURL === `${url}/`)!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(url).origin,
    registrationId,
    data: JSON.stringify(message),
  });
  await cdp.detach();
}

/** The notifications the service worker shows. */
export const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
  );

/**
 * Taps the notification: a headless browser shows none to tap, so its `notificationclick` is dispatched in the
 * worker (untrusted, so its waitUntil throws there; the handler's work goes on regardless).
 */
export async function tapNotification(page: Page) {
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
}
