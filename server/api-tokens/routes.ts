import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../auth/service.ts';
import { createToken, getTokens, removeToken, tokenResponse, type TokenInput } from './service.ts';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^:.\\s]+$' });

export async function apiTokenRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/admin/api-tokens', { config: { permission: 'ADMIN' } }, async () => ({ tokens: await getTokens(deps) }));

  app.post(
    '/api/admin/api-tokens',
    {
      config: { permission: 'ADMIN' },
      // The type is case-insensitive (ADMIN or admin), as in Unleash: lower-case it before validation.
      preValidation: async (request) => {
        const body = request.body as { type?: unknown } | undefined;
        if (body && typeof body.type === 'string') body.type = body.type.toLowerCase();
      },
      schema: {
        body: Type.Object({
          username: Type.String({ maxLength: 200 }),
          type: Type.Enum(['admin', 'client']),
          project: Type.Optional(Name),
          environment: Type.Optional(Name),
          expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
        }),
      },
    },
    async (request, reply) => {
      const token = await createToken(deps, callerName(request), request.body as TokenInput);
      return reply.status(201).send(tokenResponse(token));
    },
  );

  app.delete(
    '/api/admin/api-tokens/:secret',
    { config: { permission: 'ADMIN' }, schema: { params: Type.Object({ secret: Type.String({ maxLength: 500 }) }) } },
    async (request, reply) => {
      await removeToken(deps, callerName(request), request.params.secret);
      return reply.status(200).send();
    },
  );
}
