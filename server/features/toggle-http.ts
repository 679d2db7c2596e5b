import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerName } from '../auth/service.ts';
import { validationError } from '../platform/http/errors.ts';
import type { ToggleWrite } from './service.ts';

/**
 * The caller and the condition of a toggle change: `If-Match: "<version>"` (W/"<version>" and a bare number are
 * accepted too) or `*`. Anything else is a 400.
 */
export function toggleWrite(request: FastifyRequest): ToggleWrite {
  const write: ToggleWrite = { actor: callerName(request) };
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return write;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw validationError('If-Match', `"If-Match" must be * or the toggle's ETag, such as "3"`, header);
  write.ifMatch = Number(match[1]);
  return write;
}

/** The ETag of a toggle: its version, quoted (a strong validator). */
export const toggleEtag = (version: number) => `"${version}"`;

/** Answers a toggle change: the body (or an empty answer) with the toggle's new version as the ETag. */
export function sendChanged(reply: FastifyReply, write: ToggleWrite, body?: unknown, status = 200) {
  if (write.version !== undefined) reply.header('ETag', toggleEtag(write.version));
  return reply.status(status).send(body);
}
