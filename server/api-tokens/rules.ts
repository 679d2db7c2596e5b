import { validationError } from '../platform/http/errors.ts';

/** An expiry, given at creation or changed later, must lie in the future (a past one would create a dead token). */
export function assertFutureExpiry(expiresAt: Date | null, sent: unknown): void {
  if (expiresAt && !(expiresAt.getTime() > Date.now())) {
    throw validationError('expiresAt', '"expiresAt" must be in the future', sent);
  }
}

/**
 * The kind of change (see Changed in server/platform/revisions) that creating, changing or deleting a token is
 * announced as: open streams re-read their tokens on it only.
 */
export const TOKENS_CHANGE = 'api-tokens';
