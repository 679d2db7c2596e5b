import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../access/caller.ts';
import type { Db } from '../db/client.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { claimKey, deleteExpiredKeys, findKey, releaseKey, storeAnswer } from './store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request owns an Idempotency-Key: its answer is stored when it is sent. */
    idempotency: { principal: string; key: string } | null;
  }
}

export const KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotency-Replayed';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The headers of an answer that are stored and replayed with it. */
const KEPT_HEADERS = ['etag', 'content-type'];
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Keys are per caller: a user, or an API token (by a hash of its secret, never the secret itself). */
function principalOf(caller: Caller): string {
  if (caller.kind === 'user') return `user:${caller.user.id}`;
  return `token:${createHash('sha256').update(caller.token.secret).digest('hex').slice(0, 32)}`;
}

function keyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
    throw validationError('Idempotency-Key', '"Idempotency-Key" must be 1 to 200 characters long', key);
  }
  return key;
}

/** JSON with every object's keys in order, so that the same body sent with its keys in another order matches. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is stored with to tell one body from another: a SHA-256 of the body as canonical JSON. */
const bodyHash = (body: unknown) =>
  createHash('sha256')
    .update(body === undefined ? '' : canonicalJson(body))
    .digest('hex');

function payloadText(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return '';
}

/**
 * Idempotency-Key on every mutating call of a signed-in user or API token (routes that are OPEN, such as sign-in,
 * ignore it): the first answer below 500 (status, body, ETag and Content-Type) is stored for 24 hours; a repeat of the
 * key by the same caller gets that answer again with `Idempotency-Replayed: true` and changes nothing; the same key on
 * another method or URL, or with another body (compared by a hash of it), is a 422; a repeat while the first is still
 * being handled is a 409. A 5xx frees the key so that a retry goes through. Runs after the permission check and body
 * validation, just before the handler.
 */
export function registerIdempotency(app: FastifyInstance, { db }: { db: Db }) {
  app.decorateRequest('idempotency', null);
  let lastSweep = 0;

  app.addHook('preHandler', async (request, reply) => {
    if (!MUTATING.has(request.method) || !request.caller) return;
    const key = keyOf(request);
    if (key === undefined) return;
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await deleteExpiredKeys(db);
    }
    const claim = {
      principal: principalOf(request.caller),
      key,
      method: request.method,
      url: request.url,
      bodyHash: bodyHash(request.body),
    };
    if (await claimKey(db, claim)) {
      request.idempotency = { principal: claim.principal, key };
      return;
    }
    const stored = await findKey(db, claim.principal, key);
    if (!stored) {
      // Freed between the claim and the read (the first request failed with a 5xx): this one may go ahead.
      if (await claimKey(db, claim)) {
        request.idempotency = { principal: claim.principal, key };
        return;
      }
      throw inProgress();
    }
    if (stored.method !== claim.method || stored.url !== claim.url) {
      const message = `The Idempotency-Key ${key} was already used for ${stored.method} ${stored.url}: use a new key for another call`;
      throw new ApiError(422, 'IdempotencyKeyReusedError', message);
    }
    if (stored.bodyHash !== null && stored.bodyHash !== claim.bodyHash) {
      const message = `The Idempotency-Key ${key} was already used for ${stored.method} ${stored.url} with another body: use a new key for another change`;
      throw new ApiError(422, 'IdempotencyKeyReusedError', message);
    }
    if (stored.status === null) {
      reply.header('Retry-After', '1');
      throw inProgress();
    }
    reply
      .status(stored.status)
      .headers((stored.headers ?? {}) as Record<string, string>)
      .header(REPLAYED_HEADER, 'true');
    return reply.send(stored.body || undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = request.idempotency;
    if (!owned) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500) {
      await releaseKey(db, owned.principal, owned.key);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await storeAnswer(db, owned.principal, owned.key, {
      status: reply.statusCode,
      headers,
      body: payloadText(payload),
    });
    return payload;
  });
}

const inProgress = () =>
  new ApiError(
    409,
    'IdempotencyKeyInProgressError',
    'A request with this Idempotency-Key is still being handled: retry in a moment',
  );
