import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DemoLoginBody, LogoutRedirectSchema, PasswordLoginBody } from '../../contract/auth.ts';
import { UserIdParams, UserSchema } from '../../contract/users.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { clearSessionCookie, sessionToken, setSessionCookie, userView } from '../users/index.ts';
import { demoLogin, logout, passwordLogin, unlockUser } from './service.ts';

/** Sign-in (the form AUTH_TYPE selects), sign-out, and an admin's unlocking of a locked account. */
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

  // A POST, so that a link or an image on another page cannot sign anyone out (GET {base}/logout is the console's
  // page that sends it). After a single sign-on session with single sign-out, the answer names the provider's
  // sign-out page, where the console goes next (Unleash redirects there; a fetch cannot read a redirect).
  app.post(
    '/logout',
    {
      config: { permission: 'NONE' },
      schema: { response: { 200: Type.Union([NoBody, LogoutRedirectSchema]) } },
    },
    async (request, reply) => {
      const redirect = await logout(deps, sessionToken(request), request.log);
      return clearSessionCookie(reply, config).header('Clear-Site-Data', '"cookies"').status(200).send(redirect);
    },
  );

  app.post(
    '/api/admin/user-admin/:id/unlock',
    { config: { permission: 'ADMIN' }, schema: { params: UserIdParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, unlockUser(deps, callerName(request), request.params.id)),
  );
};
