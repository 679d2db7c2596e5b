import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ClientFeatureParams,
  ClientFeatureSchema,
  ClientFeaturesQuery,
  ClientFeaturesSchema,
  ClientIndexSchema,
  MetricsBody,
  RegistrationBody,
} from '../../contract/client-api.ts';
import type { AppDeps } from '../deps.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { notFound } from '../platform/http/errors.ts';
import { parseTagFilter } from '../tags/index.ts';
import { clientFeatures, recordMetrics, register, scopeQuery, weakEtag } from './service.ts';

/** The token of the caller (the guard lets only API tokens through to permission CLIENT). */
function tokenOf(request: FastifyRequest) {
  const caller = request.caller!;
  if (caller.kind !== 'token') throw new Error('client API reached without a token');
  return caller.token;
}

/** Sends the body (serialized by the route's schema) with a weak ETag, or 304 when the client already has it. */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const text = reply.serialize(body) as string;
  const etag = weakEtag(text);
  reply.header('ETag', etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((m) => m.trim() === etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(text);
}

const INDEX = {
  version: 3 as const,
  links: {
    'feature-toggles': { uri: '/api/client/features' },
    register: { uri: '/api/client/register' },
    metrics: { uri: '/api/client/metrics' },
  },
};

/** The client API (SDKs), for API tokens only. */
export const clientApiRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const path of ['/api/client', '/api/client/']) {
    app.get(
      path,
      { config: { permission: 'CLIENT' }, schema: { response: { 200: ClientIndexSchema } } },
      async () => INDEX,
    );
  }

  app.get(
    '/api/client/features',
    {
      config: { permission: 'CLIENT' },
      schema: { querystring: ClientFeaturesQuery, response: { 200: ClientFeaturesSchema, 304: NoBody } },
    },
    async (request, reply) => {
      const { namePrefix, tag, project, environment } = request.query;
      const asked = { namePrefix, tag: parseTagFilter(tag), project, environment };
      const { filter, echo } = scopeQuery(tokenOf(request), asked);
      return sendWithEtag(request, reply, { version: 2, features: await clientFeatures(deps, filter), query: echo });
    },
  );

  app.get(
    '/api/client/features/:featureName',
    {
      config: { permission: 'CLIENT' },
      schema: { params: ClientFeatureParams, response: { 200: ClientFeatureSchema, 304: NoBody } },
    },
    async (request, reply) => {
      const { filter } = scopeQuery(tokenOf(request), {});
      const [feature] = await clientFeatures(deps, filter, [request.params.featureName]);
      if (!feature) throw notFound(`Could not find feature toggle ${request.params.featureName}`);
      return sendWithEtag(request, reply, feature);
    },
  );

  app.post(
    '/api/client/register',
    { config: { permission: 'CLIENT' }, schema: { body: RegistrationBody, response: { 202: NoBody } } },
    async (request, reply) => {
      await register(deps, tokenOf(request), request.body, request.ip);
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/client/metrics',
    { config: { permission: 'CLIENT' }, schema: { body: MetricsBody, response: { 202: NoBody } } },
    async (request, reply) => {
      await recordMetrics(deps, tokenOf(request), request.body, request.ip);
      return reply.status(202).send();
    },
  );
};
