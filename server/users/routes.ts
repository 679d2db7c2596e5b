import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeOwnPasswordBody,
  CreatedUserSchema,
  CreateUserBody,
  CurrentUserSchema,
  FeedbackBody,
  FeedbackParams,
  FeedbackSchema,
  FeedbackUpdateBody,
  PasswordBody,
  ResetPasswordBody,
  ResetPasswordEmailBody,
  ResetTokenQuery,
  ResetTokenUserSchema,
  SplashParams,
  SplashSeenSchema,
  UpdateUserBody,
  UserAdminListSchema,
  UserIdParams,
  UserSchema,
} from '../../contract/users.ts';
import { UserSearchQuery, UserSearchResultsSchema } from '../../contract/project-access.ts';
import type { AppDeps } from '../deps.ts';
import { callerName, requireUser } from '../platform/access/caller.ts';
import { ROOT_ROLES } from '../platform/access/roles.ts';
import { validationError } from '../platform/http/errors.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { currentUser } from './read-model.ts';
import { sessionToken } from './session-cookie.ts';
import {
  assertStrongPassword,
  changeUser,
  createUser,
  getUser,
  giveFeedback,
  listUsers,
  removeUser,
  requestPasswordReset,
  resetPasswordWithToken,
  seeSplash,
  setPassword,
  validateToken,
} from './service.ts';
import { searchUsers } from './store.ts';
import { feedbackView, userView } from './views.ts';

export const userRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/user',
    { config: { permission: 'NONE' }, schema: { response: { 200: CurrentUserSchema } } },
    async (request) => currentUser(deps, request.caller!, await request.callerPermissions()),
  );

  app.post(
    '/api/admin/user/change-password',
    { config: { permission: 'NONE' }, schema: { body: ChangeOwnPasswordBody, response: { 200: NoBody } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { password, confirmPassword } = request.body;
      if (password !== confirmPassword) {
        throw validationError('confirmPassword', 'Passwords do not match');
      }
      await setPassword(deps, callerName(request), user.id, password, { keep: sessionToken(request) });
      return reply.status(200).send();
    },
  );

  app.post(
    '/auth/reset/validate-password',
    { config: { permission: 'OPEN' }, schema: { body: PasswordBody, response: { 200: NoBody } } },
    async (request, reply) => {
      assertStrongPassword(request.body.password);
      return reply.status(200).send();
    },
  );

  // Invitations and password resets, open without a session: the token is the credential.
  app.get(
    '/auth/reset/validate',
    {
      config: { permission: 'OPEN' },
      schema: { querystring: ResetTokenQuery, response: { 200: ResetTokenUserSchema } },
    },
    async (request) => validateToken(deps, request.query.token),
  );

  app.post(
    '/auth/reset/password',
    { config: { permission: 'OPEN' }, schema: { body: ResetPasswordBody, response: { 200: NoBody } } },
    (request, reply) =>
      answerEmpty(reply, 200, resetPasswordWithToken(deps, request.body.token, request.body.password)),
  );

  app.post(
    '/auth/reset/password-email',
    {
      config: { permission: 'OPEN' },
      schema: {
        description:
          'Always 200, whether or not the address is known; a known one is sent a reset link. 429 while the ' +
          "client's address is locked for having asked too often.",
        body: ResetPasswordEmailBody,
        response: { 200: NoBody },
      },
    },
    (request, reply) =>
      answerEmpty(reply, 200, requestPasswordReset(deps, request.body.email, request.ip, request.log)),
  );

  app.post(
    '/api/admin/feedback',
    { config: { permission: 'NONE' }, schema: { body: FeedbackBody, response: { 200: FeedbackSchema } } },
    async (request) => {
      const user = requireUser(request);
      const row = await giveFeedback(deps, callerName(request), user, request.body.feedbackId, request.body.neverShow);
      return feedbackView(row);
    },
  );

  app.put(
    '/api/admin/feedback/:id',
    {
      config: { permission: 'NONE' },
      schema: { params: FeedbackParams, body: FeedbackUpdateBody, response: { 200: FeedbackSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await giveFeedback(deps, callerName(request), user, request.params.id, request.body.neverShow);
      return feedbackView(row);
    },
  );

  app.post(
    '/api/admin/splash/:name',
    { config: { permission: 'NONE' }, schema: { params: SplashParams, response: { 200: SplashSeenSchema } } },
    async (request) => seeSplash(deps, callerName(request), requireUser(request), request.params.name),
  );

  // User administration (Admin only).
  app.get(
    '/api/admin/user-admin',
    { config: { permission: 'ADMIN' }, schema: { response: { 200: UserAdminListSchema } } },
    async () => {
      const users = await listUsers(deps);
      return {
        users: users.map(({ user, inviteLink }) => ({ ...userView(user), inviteLink })),
        rootRoles: [...ROOT_ROLES],
      };
    },
  );

  app.post(
    '/api/admin/user-admin/validate-password',
    { config: { permission: 'ADMIN' }, schema: { body: PasswordBody, response: { 200: NoBody } } },
    async (request, reply) => {
      assertStrongPassword(request.body.password);
      return reply.status(200).send();
    },
  );

  // Finding people to give a project role: whoever may manage some project's access (UPDATE_PROJECT) may search.
  app.get(
    '/api/admin/user-admin/search',
    {
      config: { permission: 'UPDATE_PROJECT' },
      schema: {
        description: 'Users whose name, user name or e-mail contain q (case-insensitive), at most 25, by name.',
        querystring: UserSearchQuery,
        response: { 200: UserSearchResultsSchema },
      },
    },
    async (request) => (await searchUsers(deps.db, request.query.q)).map(userView),
  );

  app.get(
    '/api/admin/user-admin/:id',
    { config: { permission: 'ADMIN' }, schema: { params: UserIdParams, response: { 200: UserSchema } } },
    async (request) => userView(await getUser(deps, request.params.id)),
  );

  app.post(
    '/api/admin/user-admin',
    { config: { permission: 'ADMIN' }, schema: { body: CreateUserBody, response: { 201: CreatedUserSchema } } },
    async (request, reply) => {
      const { user, inviteLink, emailSent } = await createUser(deps, callerName(request), request.body, request.log);
      return reply.status(201).send({ ...userView(user), inviteLink, emailSent });
    },
  );

  app.put(
    '/api/admin/user-admin/:id',
    {
      config: { permission: 'ADMIN' },
      schema: { params: UserIdParams, body: UpdateUserBody, response: { 200: UserSchema } },
    },
    async (request) => userView(await changeUser(deps, callerName(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/user-admin/:id',
    { config: { permission: 'ADMIN' }, schema: { params: UserIdParams, response: { 200: NoBody } } },
    (request, reply) => answerEmpty(reply, 200, removeUser(deps, callerName(request), request.params.id)),
  );

  app.post(
    '/api/admin/user-admin/:id/change-password',
    {
      config: { permission: 'ADMIN' },
      schema: { params: UserIdParams, body: PasswordBody, response: { 200: NoBody } },
    },
    (request, reply) =>
      answerEmpty(reply, 200, setPassword(deps, callerName(request), request.params.id, request.body.password, 'all')),
  );
};
