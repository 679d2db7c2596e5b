import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { evaluate, evaluateAll, prepare } from '../../contract/evaluation/index.ts';
import {
  OfrepBulkFailureSchema,
  OfrepBulkSchema,
  OfrepEvaluationSchema,
  OfrepFailureSchema,
  OfrepFlagParams,
  OfrepRequestSchema,
  type OfrepContext,
} from '../../contract/ofrep.ts';
import { clientState, sendEncoded } from '../client-api/index.ts';
import type { AppDeps } from '../deps.ts';
import { answerCors, evaluationOptions, OriginsCache, withRemoteAddress } from '../frontend-api/index.ts';
import { ApiError } from '../platform/http/errors.ts';
import { NoBody } from '../platform/http/no-body.ts';
import { BulkAnswers, type BulkAnswer } from './answers.ts';
import { unleashContext } from './rules.ts';
import { flagJson, flagNotFound } from './views.ts';

const FLAGS = '/ofrep/v1/evaluate/flags';
/** The headers OpenFeature's OFREP providers send. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, If-None-Match';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends JSON written already (the response schema documents it; there is nothing left to serialise). */
const sendJson = (reply: FastifyReply, json: string | Buffer) => reply.type(JSON_TYPE).send(json);

/** The token of the caller (the guard lets only client and frontend API tokens through to permission SDK). */
function tokenOf(request: FastifyRequest) {
  const caller = request.caller;
  if (caller?.kind !== 'token') throw new Error('OFREP reached without a token');
  return caller.token;
}

/**
 * A body OFREP refuses, in its shape: one that is not JSON is a PARSE_ERROR, one whose context does not fit (a
 * field not a string, a custom field not a string, number or boolean) an INVALID_CONTEXT; the single call names
 * the flag. Other refusals (401, 403, 413, 415) keep the API's error body.
 */
function ofrepRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const ours = error instanceof ApiError && error.statusCode === 400 ? error.errorName : undefined;
  const notJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || ours === 'BadDataError';
  if (!notJson && !error.validation && ours !== 'ValidationError') throw error;
  const { key } = request.params as { key?: string };
  return reply
    .status(400)
    .type(JSON_TYPE)
    .send({
      ...(key === undefined ? {} : { key }),
      errorCode: notJson ? 'PARSE_ERROR' : 'INVALID_CONTEXT',
      errorDetails:
        notJson && !(error instanceof ApiError) ? 'The request body is not valid JSON' : refusalDetails(error),
    });
}

/** The first schema failure in words ("context.plan must be a string, a number or a boolean"), else the message. */
function refusalDetails(error: FastifyError): string {
  const failure = error.validation?.find((e) => e.keyword === 'anyOf') ?? error.validation?.[0];
  if (!failure) return error.message;
  const field = failure.instancePath.split('/').filter(Boolean).join('.') || 'body';
  return `${field} ${failure.keyword === 'anyOf' ? 'must be a string, a number or a boolean' : failure.message}`;
}

/**
 * Sends a bulk answer with its ETag, or a 304 when the provider already holds exactly that answer. A kept answer is
 * sent in the coding kept with it; one made for this request alone is compressed for this reply alone.
 */
function answerUnlessHeld(request: FastifyRequest, reply: FastifyReply, answer: BulkAnswer) {
  reply.header('ETag', answer.etag).header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  if (answer.kept) return sendEncoded(request, reply, answer.body);
  return sendJson(reply, answer.body.encoded.identity!);
}

/**
 * OFREP, OpenFeature's remote evaluation protocol, for its providers (server and web): one flag or all of them,
 * evaluated for an OpenFeature context by the frontend API's evaluator from the snapshot of what the token sees (no
 * database read per request). A client or a frontend token; browsers may call it from the frontend API's origins.
 */
export const ofrepRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  answerCors(app, {
    origins: new OriginsCache(deps, app.revisions),
    paths: [FLAGS, `${FLAGS}/:key`],
    allowedHeaders: ALLOWED_HEADERS,
    api: 'OFREP',
  });
  app.setErrorHandler(ofrepRefusal);

  const answers = new BulkAnswers();

  /** The token's state, and the context as Unleash's (the caller's address unless it names one). */
  async function evaluation(request: FastifyRequest, context: OfrepContext) {
    const state = await clientState(deps, app.revisions, tokenOf(request));
    return { state, context: withRemoteAddress(unleashContext(context), request.ip) };
  }

  app.post(
    `${FLAGS}/:key`,
    {
      config: { permission: 'SDK' },
      schema: {
        params: OfrepFlagParams,
        body: OfrepRequestSchema,
        response: { 200: OfrepEvaluationSchema, 400: OfrepFailureSchema, 404: OfrepFailureSchema },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { state, context } = await evaluation(request, request.body.context);
      const feature = prepare(state).features.get(key);
      if (!feature) return reply.status(404).send(flagNotFound(key));
      return sendJson(reply, flagJson(feature, evaluate(state, key, context, evaluationOptions)));
    },
  );

  app.post(
    FLAGS,
    {
      config: { permission: 'SDK' },
      schema: {
        body: OfrepRequestSchema,
        response: { 200: OfrepBulkSchema, 304: NoBody, 400: OfrepBulkFailureSchema },
      },
    },
    async (request, reply) => {
      const { state, context } = await evaluation(request, request.body.context);
      return answerUnlessHeld(request, reply, answers.of(state, evaluateAll(state, context, evaluationOptions)));
    },
  );
};
