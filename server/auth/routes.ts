import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { userResponse } from '../users/service.ts';
import { demoLogin, endSession, passwordLogin, SESSION_COOKIE, SESSION_MS } from './service.ts';

export async function authRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const cookiePath = deps.config.baseUriPath || '/';

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      expires: new Date(Date.now() + SESSION_MS),
    });

  if (deps.config.authType === 'password') {
    app.post(
      '/auth/simple/login',
      {
        config: { permission: 'OPEN' },
        schema: {
          body: Type.Object({
            username: Type.Optional(Type.String({ maxLength: 320 })),
            password: Type.Optional(Type.String({ maxLength: 1000 })),
          }),
        },
      },
      async (request, reply) => {
        const { user, token } = await passwordLogin(deps, request.body, request.ip);
        setSessionCookie(reply, token);
        return userResponse(user);
      },
    );
  }

  if (deps.config.authType === 'demo') {
    app.post(
      '/auth/demo/login',
      {
        config: { permission: 'OPEN' },
        schema: { body: Type.Object({ email: Type.String({ maxLength: 320 }) }) },
      },
      async (request, reply) => {
        const { user, token } = await demoLogin(deps, request.body.email);
        setSessionCookie(reply, token);
        return userResponse(user);
      },
    );
  }

  app.get('/logout', { config: { permission: 'OPEN' } }, async (request, reply) => {
    await endSession(deps, request.cookies[SESSION_COOKIE]);
    return reply
      .clearCookie(SESSION_COOKIE, { path: cookiePath })
      .header('Clear-Site-Data', '"cookies"')
      .redirect(`${deps.config.baseUriPath}/login`, 302);
  });
}
