import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../deps.ts';
import { Name } from '../features/schemas.ts';
import { parseTags } from '../features/routes.ts';
import { notFound } from '../platform/http/errors.ts';
import { clientFeatures, recordMetrics, register, scopeQuery, weakEtag } from './service.ts';

const Many = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 });
const Short = Type.String({ minLength: 1, maxLength: 200 });
const Count = Type.Integer({ minimum: 0 });

/** The token of the caller (the guard lets only API tokens through to permission CLIENT). */
function tokenOf(request: FastifyRequest) {
  const caller = request.caller!;
  if (caller.kind !== 'token') throw new Error('client API reached without a token');
  return caller.token;
}

/** Sends JSON with a weak ETag, or 304 when the client already has it. */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const text = JSON.stringify(body);
  const etag = weakEtag(text);
  reply.header('ETag', etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((m) => m.trim() === etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(text);
}

export async function clientApiRoutes(base: FastifyInstance, deps: AppDeps) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  for (const path of ['/api/client', '/api/client/']) {
    app.get(path, { config: { permission: 'CLIENT' } }, async () => ({
      version: 3,
      links: {
        'feature-toggles': { uri: '/api/client/features' },
        register: { uri: '/api/client/register' },
        metrics: { uri: '/api/client/metrics' },
      },
    }));
  }

  app.get(
    '/api/client/features',
    {
      config: { permission: 'CLIENT' },
      schema: {
        querystring: Type.Object({
          namePrefix: Type.Optional(Type.String({ maxLength: 200 })),
          tag: Type.Optional(Many),
          project: Type.Optional(Many),
          environment: Type.Optional(Type.String({ maxLength: 100 })),
        }),
      },
    },
    async (request, reply) => {
      const { namePrefix, tag, project, environment } = request.query;
      const { filter, echo } = scopeQuery(tokenOf(request), { namePrefix, tag: parseTags(tag), project, environment });
      return sendWithEtag(request, reply, { version: 2, features: await clientFeatures(deps, filter), query: echo });
    },
  );

  app.get(
    '/api/client/features/:featureName',
    { config: { permission: 'CLIENT' }, schema: { params: Type.Object({ featureName: Name }) } },
    async (request, reply) => {
      const { filter } = scopeQuery(tokenOf(request), {});
      const [feature] = await clientFeatures(deps, filter, [request.params.featureName]);
      if (!feature) throw notFound(`Could not find feature toggle ${request.params.featureName}`);
      return sendWithEtag(request, reply, feature);
    },
  );

  app.post(
    '/api/client/register',
    {
      config: { permission: 'CLIENT' },
      schema: {
        body: Type.Object({
          appName: Short,
          instanceId: Short,
          sdkVersion: Type.Optional(Type.String({ maxLength: 200 })),
          environment: Type.Optional(Type.String({ maxLength: 100 })),
          strategies: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 }),
          started: Type.String({ format: 'date-time' }),
          interval: Type.Number({ minimum: 0 }),
        }),
      },
    },
    async (request, reply) => {
      await register(deps, tokenOf(request), request.body, request.ip);
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/client/metrics',
    {
      config: { permission: 'CLIENT' },
      schema: {
        body: Type.Object({
          appName: Short,
          instanceId: Short,
          environment: Type.Optional(Type.String({ maxLength: 100 })),
          bucket: Type.Object({
            start: Type.String({ format: 'date-time' }),
            stop: Type.String({ format: 'date-time' }),
            toggles: Type.Record(
              Type.String({ maxLength: 200 }),
              Type.Object({ yes: Count, no: Count, variants: Type.Optional(Type.Record(Type.String(), Count)) }),
              { maxProperties: 10_000 },
            ),
          }),
        }),
      },
    },
    async (request, reply) => {
      await recordMetrics(deps, tokenOf(request), request.body, request.ip);
      return reply.status(202).send();
    },
  );
}
