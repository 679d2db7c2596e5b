import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { cookieSecret } from './store.ts';

/** The sign-in flow's cookie: what the callback must find again (state, nonce, PKCE verifier, request id). */
export const FLOW_COOKIE = 'switchyard-sso';
/** Long enough to sign in at the provider, short enough that an abandoned flow is soon gone. */
const FLOW_MS = 10 * 60 * 1000;

const cookieOptions = (deps: AppDeps, reply: FastifyReply) => ({
  path: `${deps.config.baseUriPath}/auth/`,
  httpOnly: true,
  // Lax: sent on the provider's top-level redirect back (GET); the SAML POST back reads it through RelayState.
  sameSite: 'lax' as const,
  secure: reply.request.protocol === 'https',
});

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** The flow's values, signed with the instance's key and expiring with the flow (the cookie's, or RelayState). */
export async function signFlow(deps: AppDeps, values: Record<string, string>): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ ...values, expires: Date.now() + FLOW_MS })).toString('base64url');
  return `${payload}.${mac(await cookieSecret(deps.db), payload)}`;
}

/** The values of a signed flow when it is unaltered and not expired. */
export async function readFlow(deps: AppDeps, value: string | undefined): Promise<Record<string, string> | undefined> {
  if (!value) return undefined;
  const [payload, signature = ''] = value.split('.');
  const expected = Buffer.from(mac(await cookieSecret(deps.db), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const values = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, string> & {
    expires: number;
  };
  return values.expires > Date.now() ? values : undefined;
}

/** Sets the flow's values in the cookie, signed (signFlow). */
export async function setFlowCookie(deps: AppDeps, reply: FastifyReply, values: Record<string, string>) {
  const value = await signFlow(deps, values);
  reply.setCookie(FLOW_COOKIE, value, { ...cookieOptions(deps, reply), maxAge: FLOW_MS / 1000 });
}

/** The flow's values when the cookie is there, unaltered and not expired; it is cleared either way. */
export async function takeFlowCookie(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Record<string, string> | undefined> {
  const value = request.cookies[FLOW_COOKIE];
  reply.clearCookie(FLOW_COOKIE, cookieOptions(deps, reply));
  return readFlow(deps, value);
}
