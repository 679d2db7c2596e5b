import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_MS } from './sessions.ts';

/** The cookie that carries the session token (Unleash's name). */
export const SESSION_COOKIE = 'unleash-session';

const cookiePath = (config: Config) => config.baseUriPath || '/';

/** The session token the request carries, if any. */
export const sessionToken = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE];

/**
 * HttpOnly and SameSite=Lax always; Secure when the request came over HTTPS (`request.protocol` reads
 * X-Forwarded-Proto only from a proxy that TRUST_PROXY trusts).
 */
export const setSessionCookie = (reply: FastifyReply, config: Config, token: string) =>
  reply.setCookie(SESSION_COOKIE, token, {
    path: cookiePath(config),
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    expires: new Date(Date.now() + SESSION_MS),
  });

export const clearSessionCookie = (reply: FastifyReply, config: Config) =>
  reply.clearCookie(SESSION_COOKIE, {
    path: cookiePath(config),
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
  });
