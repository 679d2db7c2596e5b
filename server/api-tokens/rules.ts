import { validationError } from '../platform/http/errors.ts';

/** An expiry, given at creation or changed later, must lie in the future (a past one would create a dead token). */
export function assertFutureExpiry(expiresAt: Date | null, sent: unknown): void {
  if (expiresAt && !(expiresAt.getTime() > Date.now())) {
    throw validationError('expiresAt', '"expiresAt" must be in the future', sent);
  }
}
