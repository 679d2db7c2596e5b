import type { VapidPublicKey } from '../../contract/push';
import { api } from '../shared/api/client';

// This device's Web Push subscription: the browser's side (its service worker's pushManager) and the server's
// (POST/DELETE api/admin/user/push-subscriptions), kept in step.

/** Whether this device takes the console's notifications, or why it cannot. */
export type DeviceNotifications = 'unsupported' | 'denied' | 'off' | 'on';

/** Why the switch is off and cannot be turned on here. */
export const UNAVAILABLE_REASONS = {
  unsupported:
    'This browser cannot receive push notifications. On an iPhone or iPad, add the console to the Home Screen first.',
  denied: 'Notifications are blocked for this site. Allow them in the browser’s site settings.',
} as const;

const SUBSCRIPTIONS = 'api/admin/user/push-subscriptions';

/** The service worker's registration: push needs one (none in a browser without service workers, or before it). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

export async function readDeviceNotifications(): Promise<DeviceNotifications> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscribed = await worker.pushManager.getSubscription();
  return subscribed && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Asks for the permission, subscribes with the server's VAPID key (a subscription made before is replaced: the key
 * may have changed) and registers it with the server; the browser's subscription is dropped if the server refuses.
 */
export async function turnOnDeviceNotifications(): Promise<DeviceNotifications> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await api.get<VapidPublicKey>('api/admin/push/vapid-public-key');
  await (await worker.pushManager.getSubscription())?.unsubscribe();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  try {
    await api.post(SUBSCRIPTIONS, subscription.toJSON());
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return 'on';
}

/** Tells the server to forget this device, then ends the browser's subscription. */
export async function turnOffDeviceNotifications(): Promise<DeviceNotifications> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await api.send(
      'DELETE',
      SUBSCRIPTIONS,
      { endpoint: subscription.endpoint },
      {
        headers: { 'Content-Type': 'application/json' },
      },
    );
    await subscription.unsubscribe();
  }
  return 'off';
}
