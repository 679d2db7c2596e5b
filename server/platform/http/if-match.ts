import type { FastifyRequest } from 'fastify';
import { validationError } from './errors.ts';

/**
 * The version a change is based on, from `If-Match: "<version>"` (W/"<version>" and a bare number are accepted too);
 * undefined for none or `*`. Anything else is a 400 naming the header; `what` names the record (`the toggle`).
 */
export function ifMatchVersion(request: FastifyRequest, what: string): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw validationError('If-Match', `"If-Match" must be * or ${what}'s ETag, such as "3"`, header);
  return Number(match[1]);
}

/** The ETag of a versioned record: its version, quoted (a strong validator). */
export const versionEtag = (version: number) => ({ ETag: `"${version}"` });
