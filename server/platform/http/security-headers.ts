import { createRequire } from 'node:module';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SDK_PERMISSIONS } from '../access/guard.ts';

/**
 * The Content-Security-Policy of every answer. No inline script and no other origin: the console's index.html
 * loads only its own modules, the service worker is registered from them, and the API reference loads
 * swagger-ui's files from this server. Styles may be inline (Mantine and swagger-ui inject <style> elements).
 * `frame-ancestors 'none'`: no page may frame the console (X-Frame-Options DENY says the same to older browsers).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Powerful browser features the console never uses, switched off for it and for anything it might embed. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
} satisfies FastifyHelmetOptions;

/**
 * Security headers on every answer (API, console, API reference) by @fastify/helmet: the CSP above, X-Frame-Options
 * DENY, nosniff, `Referrer-Policy: same-origin` (not no-referrer: with it a browser sends `Origin: null` on the
 * console's own POSTs, which the CSRF guard refuses), Cross-Origin-Opener/Resource-Policy same-origin, HSTS (which
 * browsers honour over TLS only); plus Permissions-Policy, which helmet does not set. And `Cache-Control: no-store`
 * on every answer that sets no caching of its own: API answers (tokens, users, sessions) are never kept by a
 * browser or a proxy, while the console's files keep theirs (hashed assets immutable, index.html no-cache).
 * Hashed assets carry only the headers that apply to them (DOCUMENT_ONLY_HEADERS below are left off). The APIs SDKs
 * call (SDK_PERMISSIONS) get only nosniff: the rest acts on documents, and a million polling SDKs would receive it
 * with every 304 (1 KB against a 304's 200 bytes).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  // Before helmet's own onRoute hook, which reads `helmet: false` as "skip this route".
  app.addHook('onRoute', (route) => {
    if (SDK_PERMISSIONS.has(route.config?.permission)) route.helmet = false;
  });
  await app.register(fastifyHelmet, { global: true, ...HELMET_OPTIONS });
  app.addHook('onRequest', async (request, reply) => {
    if (SDK_PERMISSIONS.has(request.routeOptions.config.permission)) reply.header('X-Content-Type-Options', 'nosniff');
    else reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (_request, reply) => {
    const caching = reply.getHeader('Cache-Control');
    if (caching === undefined) reply.header('Cache-Control', 'no-store');
    else if (String(caching).includes('immutable')) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });
}

/**
 * Headers that only a document (or a worker's script) acts on. A hashed script or stylesheet is neither, and it is
 * immutable: sent with each of the ~50 files of a cold visit they were 60 KB of the 224 KB received.
 * nosniff, Cross-Origin-Resource-Policy and the caching stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

type Middleware = (request: unknown, response: unknown, next: () => void) => void;
// helmet itself, as @fastify/helmet runs it, resolved from its folder (its dependency, not ours); built once.
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: typeof HELMET_OPTIONS,
) => Middleware;
const helmetHeaders = helmet(HELMET_OPTIONS);

/** The same headers on an answer that Fastify's router gives before any hook runs (error-handler.ts). */
export function setSecurityHeaders(reply: FastifyReply) {
  helmetHeaders(reply.request.raw, reply.raw, () => undefined);
  reply.header('Permissions-Policy', PERMISSIONS_POLICY).header('Cache-Control', 'no-store');
}
