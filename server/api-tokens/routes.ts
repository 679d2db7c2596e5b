import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiTokenListSchema,
  ApiTokenSchema,
  CreateTokenBody,
  SecretParams,
  UpdateTokenBody,
} from '../../contract/api-tokens.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { TOKENS_CHANGE } from './rules.ts';
import { createToken, removeToken, updateTokenExpiry } from './service.ts';
import { listTokens } from './store.ts';
import { tokenView } from './views.ts';

export const apiTokenRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/admin/api-tokens',
    { config: { permission: 'ADMIN' }, schema: { response: { 200: ApiTokenListSchema } } },
    async () => ({ tokens: (await listTokens(deps.db)).map(tokenView) }),
  );

  app.post(
    '/api/admin/api-tokens',
    {
      config: { permission: 'ADMIN', changes: [TOKENS_CHANGE] },
      // The type is case-insensitive (ADMIN or admin), as in Unleash: lower-case it before validation.
      preValidation: async (request) => {
        const body = request.body as { type?: unknown } | undefined;
        if (body && typeof body.type === 'string') body.type = body.type.toLowerCase();
      },
      schema: { body: CreateTokenBody, response: { 201: ApiTokenSchema } },
    },
    async (request, reply) => {
      const token = await createToken(deps, callerName(request), request.body);
      return reply.status(201).send(tokenView(token));
    },
  );

  app.put(
    '/api/admin/api-tokens/:secret',
    {
      config: { permission: 'ADMIN', changes: [TOKENS_CHANGE] },
      schema: { params: SecretParams, body: UpdateTokenBody, response: { 200: NoBody } },
    },
    (request, reply) =>
      answerEmpty(reply, 200, updateTokenExpiry(deps, callerName(request), request.params.secret, request.body)),
  );

  app.delete(
    '/api/admin/api-tokens/:secret',
    {
      config: { permission: 'ADMIN', changes: [TOKENS_CHANGE] },
      schema: { params: SecretParams, response: { 200: NoBody } },
    },
    (request, reply) => answerEmpty(reply, 200, removeToken(deps, callerName(request), request.params.secret)),
  );
};
