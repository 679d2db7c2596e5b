import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_MS } from '../users/index.ts';

/** The cookie that carries the session token (Unleash's name). */
export const SESSION_COOKIE = 'unleash-session';

const cookiePath = (config: Config) => config.baseUriPath || '/';

export const setSessionCookie = (reply: FastifyReply, config: Config, token: string) =>
  reply.setCookie(SESSION_COOKIE, token, {
    path: cookiePath(config),
    httpOnly: true,
    sameSite: 'lax',
    expires: new Date(Date.now() + SESSION_MS),
  });

export const clearSessionCookie = (reply: FastifyReply, config: Config) =>
  reply.clearCookie(SESSION_COOKIE, { path: cookiePath(config) });
