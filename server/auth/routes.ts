import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DemoLoginBody, PasswordLoginBody } from '../../contract/auth.ts';
import { UserSchema } from '../../contract/users.ts';
import type { AppDeps } from '../deps.ts';
import { userView } from '../users/index.ts';
import { demoLogin, logout, passwordLogin } from './service.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie.ts';

/** Sign-in (the form AUTH_TYPE selects) and sign-out. */
export const authRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;

  if (config.authType === 'password') {
    app.post(
      '/auth/simple/login',
      { config: { permission: 'OPEN' }, schema: { body: PasswordLoginBody, response: { 200: UserSchema } } },
      async (request, reply) => {
        const { user, token } = await passwordLogin(deps, request.body, request.ip);
        setSessionCookie(reply, config, token);
        return userView(user);
      },
    );
  }

  if (config.authType === 'demo') {
    app.post(
      '/auth/demo/login',
      { config: { permission: 'OPEN' }, schema: { body: DemoLoginBody, response: { 200: UserSchema } } },
      async (request, reply) => {
        const { user, token } = await demoLogin(deps, request.body.email);
        setSessionCookie(reply, config, token);
        return userView(user);
      },
    );
  }

  app.get(
    '/logout',
    {
      config: { permission: 'OPEN' },
      schema: { response: { 302: Type.Null({ description: 'Ends the session; redirects to the login page' }) } },
    },
    async (request, reply) => {
      await logout(deps, request.cookies[SESSION_COOKIE]);
      return clearSessionCookie(reply, config)
        .header('Clear-Site-Data', '"cookies"')
        .redirect(`${config.baseUriPath}/login`, 302);
    },
  );
};
