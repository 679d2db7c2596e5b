import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ApiError, type ErrorDetail } from './errors.ts';
import { setSecurityHeaders } from './security-headers.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns one schema failure into a Joi-like detail naming the field ("name" is required). */
function detailFor(error: AjvError, context: string | undefined): ErrorDetail {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  const key = path.length > 0 ? path[path.length - 1] : (context ?? 'value');
  const label = path.length > 0 ? path.join('.') : (context ?? 'value');
  let text: string;
  switch (error.keyword) {
    case 'required':
      text = 'is required';
      break;
    case 'additionalProperties':
      text = 'is not allowed';
      break;
    case 'enum':
      text = `must be one of [${(error.params.allowedValues as unknown[]).join(', ')}]`;
      break;
    default:
      text = error.message ?? 'is invalid';
  }
  return { message: `"${label}" ${text}`, path, type: error.keyword, context: { label, key } };
}

const unexpected = 'Unexpected error: the server could not complete the request';
/** The body of every 500: the error itself is only logged. */
const UNEXPECTED = { name: 'InternalServerError', message: unexpected, details: [{ message: unexpected }] };

function sendError(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** A refusal of the request itself, in Unleash's shape: its message once more as the one detail. */
function sendRefusal(reply: FastifyReply, status: number, name: string, message: string) {
  return sendError(reply, status, { name, message, details: [{ message }] });
}

/** One error handler for the whole API: Unleash-shaped JSON bodies, never a stack trace to the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      if (error.statusCode === 429) reply.header('Retry-After', String(error.extra.retryAfterSeconds ?? 900));
      return sendError(reply, error.statusCode, error.toBody());
    }
    if (error.validation) {
      const details = (error.validation as AjvError[]).map((e) => detailFor(e, error.validationContext));
      return sendError(reply, 400, { name: 'ValidationError', message: details[0].message, details, isJoi: true });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendRefusal(reply, 400, 'BadDataError', 'The request body is not valid JSON');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendRefusal(
          reply,
          415,
          'ContentTypeError',
          'The request body must be JSON, sent with Content-Type: application/json',
        );
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendRefusal(reply, 400, 'BadDataError', 'The request body does not match its Content-Length');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendRefusal(reply, 413, 'BadDataError', 'The request body is too large');
    }
    // Any other refusal by Fastify or a plugin: its status, but never its message (it may be an internal one, such
    // as a RangeError's, which a parser error carries with status 400).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendRefusal(reply, error.statusCode, 'BadRequestError', STATUS_CODES[error.statusCode] ?? 'Bad Request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, UNEXPECTED);
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route is found, and so before any hook (a URL
 * whose percent-encoding does not decode; a path parameter over 100 characters on a POST, PUT, PATCH or DELETE: a
 * GET falls through to the console's wildcard route, which answers an API path with the usual 404), in our shape
 * instead of Fastify's own, with the headers every answer has.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  setSecurityHeaders(reply);
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendRefusal(
        reply,
        400,
        'BadDataError',
        'The request URL is not valid: it has a malformed percent-encoding',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendRefusal(reply, 414, 'BadDataError', 'A part of the request URL is too long');
  }
  request.log.error({ err: error }, 'unhandled router error');
  return sendError(reply, 500, UNEXPECTED);
};
