/**
 * A push service (RFC 8030) on loopback for the push tests, and devices subscribed to it as a browser subscribes:
 * each device has its own P-256 key pair and 16-byte auth secret, and reads what it is sent by decrypting it
 * (RFC 8291, aes128gcm, written here with node:crypto alone) after checking the VAPID signature (RFC 8292).
 */
import { createECDH, createPublicKey, hkdfSync, randomBytes, createDecipheriv, verify, type ECDH } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { startLoopback } from './loopback.ts';

export interface Device {
  endpoint: string;
  /** PushSubscription.toJSON(), as the console posts it. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface Push {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted message. */
  message: { title: string; body: string; url: string };
  /** The VAPID claims, once their signature was checked with the key the request names. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

export interface PushService {
  url: string;
  pushes: Push[];
  /** Requests that could not be read (bad encryption or signature): none is expected. */
  errors: string[];
  device(): Device;
  /** The statuses of the next answers, in order; once used up every answer is 201. */
  answerWith(...statuses: number[]): void;
  /** Resolves once `count` requests (in all) have arrived; rejects after `withinMs`. */
  waitFor(count: number, withinMs?: number): Promise<Push[]>;
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

/** RFC 8291 and RFC 8188: the message of one aes128gcm record, decrypted with the device's keys. */
function decrypt(body: Buffer, device: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = device.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the delimiter 2');
  return padded.subarray(0, end).toString();
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature is checked with that key. */
function vapidClaims(authorization: string | undefined): Push['vapid'] {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, publicKey] = match;
  const [header, payload, signature] = token.split('.');
  const point = unb64(publicKey);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    unb64(signature),
  );
  if (!signed) throw new Error('the VAPID signature does not match its key');
  if (JSON.parse(unb64(header).toString()).alg !== 'ES256') throw new Error('the VAPID token is not ES256');
  return { ...JSON.parse(unb64(payload).toString()), publicKey };
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const pushes: Push[] = [];
  const errors: string[] = [];
  let requests = 0;
  const loopback = await startLoopback({
    name: 'the push service',
    status: 201,
    read({ path, headers, body }) {
      requests += 1;
      try {
        const device = devices.get(path);
        if (!device) throw new Error(`no device at ${path}`);
        if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const message = JSON.parse(decrypt(body, device.ecdh, device.auth));
        pushes.push({ path, headers, message, vapid: vapidClaims(headers.authorization) });
      } catch (error) {
        errors.push((error as Error).message);
      }
    },
    arrived: () => requests,
  });
  return {
    url: loopback.url,
    pushes,
    errors,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      devices.set(path, { ecdh, auth });
      const endpoint = `${loopback.url}${path}`;
      return {
        endpoint,
        subscription: { endpoint, expirationTime: null, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } },
      };
    },
    answerWith: loopback.answerWith,
    waitFor: async (count, withinMs) => {
      await loopback.waitFor(count, withinMs);
      return pushes.slice();
    },
    close: loopback.close,
  };
}
