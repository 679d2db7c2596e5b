import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { ROOT_ROLES } from '../platform/access/access.ts';
import { callerName, requireUser } from '../auth/service.ts';
import { validationError } from '../platform/http/errors.ts';
import {
  assertStrongPassword,
  changeUser,
  createUser,
  currentUser,
  feedbackResponse,
  getUser,
  giveFeedback,
  removeUser,
  seeSplash,
  setPassword,
  userResponse,
} from './service.ts';
import { listUsers } from './store.ts';

const Password = Type.String({ maxLength: 1000 });
const PasswordBody = Type.Object({ password: Password });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const RootRole = Type.Integer({ enum: ROOT_ROLES.map((r) => r.id) });
const Text = (maxLength: number) => Type.String({ maxLength });

export async function userRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/user', { config: { permission: 'NONE' } }, async (request) => currentUser(deps, request.caller!));

  app.post(
    '/api/admin/user/change-password',
    {
      config: { permission: 'NONE' },
      schema: { body: Type.Object({ password: Password, confirmPassword: Password }) },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { password, confirmPassword } = request.body;
      if (password !== confirmPassword) {
        throw validationError('confirmPassword', 'Passwords do not match');
      }
      await setPassword(deps, callerName(request), user.id, password, { endSessions: false });
      return reply.status(200).send();
    },
  );

  app.post(
    '/auth/reset/validate-password',
    { config: { permission: 'OPEN' }, schema: { body: PasswordBody } },
    async (request, reply) => {
      assertStrongPassword(request.body.password);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/feedback',
    {
      config: { permission: 'NONE' },
      schema: { body: Type.Object({ feedbackId: Text(100), neverShow: Type.Optional(Type.Boolean()) }) },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await giveFeedback(deps, callerName(request), user, request.body.feedbackId, request.body.neverShow);
      return feedbackResponse(row);
    },
  );

  app.put(
    '/api/admin/feedback/:id',
    {
      config: { permission: 'NONE' },
      schema: {
        params: Type.Object({ id: Text(100) }),
        body: Type.Object({ feedbackId: Type.Optional(Text(100)), neverShow: Type.Boolean() }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await giveFeedback(deps, callerName(request), user, request.params.id, request.body.neverShow);
      return feedbackResponse(row);
    },
  );

  app.post(
    '/api/admin/splash/:name',
    { config: { permission: 'NONE' }, schema: { params: Type.Object({ name: Text(100) }) } },
    async (request) => seeSplash(deps, callerName(request), requireUser(request), request.params.name),
  );

  // User administration (Admin only).
  app.get('/api/admin/user-admin', { config: { permission: 'ADMIN' } }, async () => {
    const users = await listUsers(deps.db);
    return { users: users.map((u) => ({ ...userResponse(u), inviteLink: '' })), rootRoles: ROOT_ROLES };
  });

  app.post(
    '/api/admin/user-admin/validate-password',
    { config: { permission: 'ADMIN' }, schema: { body: PasswordBody } },
    async (request, reply) => {
      assertStrongPassword(request.body.password);
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/admin/user-admin/:id',
    { config: { permission: 'ADMIN' }, schema: { params: IdParams } },
    async (request) => userResponse(await getUser(deps, request.params.id)),
  );

  app.post(
    '/api/admin/user-admin',
    {
      config: { permission: 'ADMIN' },
      schema: {
        body: Type.Object({
          email: Text(320),
          name: Type.Optional(Text(200)),
          username: Type.Optional(Text(200)),
          rootRole: RootRole,
          password: Type.Optional(Password),
          sendEmail: Type.Optional(Type.Boolean()),
        }),
      },
    },
    async (request, reply) => {
      const user = await createUser(deps, callerName(request), request.body);
      return reply.status(201).send({ ...userResponse(user), inviteLink: '', emailSent: false });
    },
  );

  app.put(
    '/api/admin/user-admin/:id',
    {
      config: { permission: 'ADMIN' },
      schema: {
        params: IdParams,
        body: Type.Object({
          email: Type.Optional(Text(320)),
          name: Type.Optional(Text(200)),
          rootRole: Type.Optional(RootRole),
        }),
      },
    },
    async (request) => userResponse(await changeUser(deps, callerName(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/user-admin/:id',
    { config: { permission: 'ADMIN' }, schema: { params: IdParams } },
    async (request, reply) => {
      await removeUser(deps, callerName(request), request.params.id);
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/user-admin/:id/change-password',
    { config: { permission: 'ADMIN' }, schema: { params: IdParams, body: PasswordBody } },
    async (request, reply) => {
      await setPassword(deps, callerName(request), request.params.id, request.body.password, { endSessions: true });
      return reply.status(200).send();
    },
  );
}
