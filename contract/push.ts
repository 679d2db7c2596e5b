import { Type, type Static } from 'typebox';
import { Timestamp } from './wire.ts';

// Wire shapes of Web Push to the installed console: the server's VAPID public key, and the browser's
// PushSubscription (its toJSON()) that a signed-in user registers for this device.

/** GET api/admin/push/vapid-public-key: the key a browser subscribes with (base64url, an uncompressed P-256 point). */
export const VapidPublicKeySchema = Type.Object({ publicKey: Type.String() }, { additionalProperties: false });
export type VapidPublicKey = Static<typeof VapidPublicKeySchema>;

const Base64Url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+={0,2}$' });

/** The push service's URL for this device: https (http on loopback only where the server itself runs on it). */
const Endpoint = Type.String({ minLength: 1, maxLength: 2048 });

/**
 * POST api/admin/user/push-subscriptions: PushSubscription.toJSON() as browsers send it. `p256dh` is the device's
 * P-256 public key (65 bytes), `auth` its 16-byte secret, both base64url; the server checks their lengths.
 */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Endpoint,
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object({ p256dh: Base64Url(100), auth: Base64Url(32) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type PushSubscriptionInput = Static<typeof PushSubscriptionBody>;

/** DELETE api/admin/user/push-subscriptions: the subscription to forget, by its endpoint (its whole JSON will do). */
export const PushSubscriptionRefBody = Type.Object(
  {
    endpoint: Endpoint,
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Optional(Type.Object({ p256dh: Type.String(), auth: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type PushSubscriptionRef = Static<typeof PushSubscriptionRefBody>;

/** A registered subscription as the server answers it (never its keys). */
export const PushSubscriptionSchema = Type.Object(
  { endpoint: Type.String(), createdAt: Timestamp },
  { additionalProperties: false },
);
export type PushSubscriptionView = Static<typeof PushSubscriptionSchema>;

/** What a notification carries (encrypted for the device): `url` is the console path of the screen it names. */
export const PushMessageSchema = Type.Object({ title: Type.String(), body: Type.String(), url: Type.String() });
export type PushMessage = Static<typeof PushMessageSchema>;
