import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CorsSettingsSchema,
  FrontendBody,
  FrontendMetricsBody,
  FrontendQuery,
  FrontendRegistrationBody,
  FrontendTogglesSchema,
} from '../../contract/frontend-api.ts';
import type { EvaluationContext } from '../../contract/evaluation/index.ts';
import { clientState, recordMetrics, register } from '../client-api/index.ts';
import type { AppDeps } from '../deps.ts';
import { callerName } from '../platform/access/caller.ts';
import { answerEmpty, NoBody } from '../platform/http/no-body.ts';
import { answerCors } from './cors.ts';
import { contextFromQuery, withRemoteAddress } from './rules.ts';
import { currentOrigins, frontendToggles, OriginsCache, setOrigins } from './service.ts';

/** The headers unleash-proxy-client and Unleash's other frontend SDKs send. */
const ALLOWED_HEADERS =
  'Authorization, Content-Type, If-None-Match, Unleash-AppName, Unleash-Connection-Id, Unleash-Sdk, Unleash-Client-Spec';

/** The token of the caller (the guard lets only frontend API tokens through to permission FRONTEND). */
function tokenOf(request: FastifyRequest) {
  const caller = request.caller;
  if (caller?.kind !== 'token') throw new Error('frontend API reached without a token');
  return caller.token;
}

const weakEtag = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * The frontend API (Unleash 4.18+, for unleash-proxy-client): the enabled toggles for one context, evaluated here
 * by the shared evaluator from the client API's snapshot of what the token sees (no database read per request),
 * CORS for the origins an admin allows, and the SDKs' metrics and registration as the client API records them.
 */
export const frontendApiRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const origins = new OriginsCache(deps, app.revisions);

  await app.register(async (scope: typeof app) => {
    answerCors(scope, {
      origins,
      paths: ['/api/frontend', '/api/frontend/client/metrics', '/api/frontend/client/register'],
      allowedHeaders: ALLOWED_HEADERS,
      api: 'the frontend API',
    });

    /** Answers the enabled toggles for a context, 304 when the SDK already holds exactly that answer. */
    async function answer(request: FastifyRequest, reply: FastifyReply, context: EvaluationContext) {
      const state = await clientState(deps, app.revisions, tokenOf(request));
      const body = JSON.stringify({ toggles: frontendToggles(state, withRemoteAddress(context, request.ip)) });
      const etag = weakEtag(body);
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    }

    const toggles = { 200: FrontendTogglesSchema, 304: NoBody };
    scope.get(
      '/api/frontend',
      { config: { permission: 'FRONTEND' }, schema: { querystring: FrontendQuery, response: toggles } },
      async (request, reply) => answer(request, reply, contextFromQuery(request.query)),
    );
    scope.post(
      '/api/frontend',
      { config: { permission: 'FRONTEND' }, schema: { body: FrontendBody, response: toggles } },
      async (request, reply) => answer(request, reply, request.body.context ?? {}),
    );

    scope.post(
      '/api/frontend/client/metrics',
      { config: { permission: 'FRONTEND' }, schema: { body: FrontendMetricsBody, response: { 202: NoBody } } },
      (request, reply) => answerEmpty(reply, 202, recordMetrics(deps, tokenOf(request), request.body, request.ip)),
    );
    scope.post(
      '/api/frontend/client/register',
      { config: { permission: 'FRONTEND' }, schema: { body: FrontendRegistrationBody, response: { 202: NoBody } } },
      async (request, reply) => {
        const { started, interval, ...rest } = request.body;
        const registration = {
          ...rest,
          strategies: [],
          started: started ?? new Date().toISOString(),
          interval: interval ?? 0,
        };
        await register(deps, tokenOf(request), registration, request.ip);
        return reply.status(202).send();
      },
    );
  });

  app.get(
    '/api/admin/ui-config/cors',
    { config: { permission: 'NONE' }, schema: { response: { 200: CorsSettingsSchema } } },
    async () => ({ frontendApiOrigins: await currentOrigins(deps) }),
  );
  app.post(
    '/api/admin/ui-config/cors',
    { config: { permission: 'ADMIN' }, schema: { body: CorsSettingsSchema, response: { 204: NoBody } } },
    (request, reply) => answerEmpty(reply, 204, setOrigins(deps, callerName(request), request.body.frontendApiOrigins)),
  );
};
