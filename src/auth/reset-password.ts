/** Invitations and password resets: the token check and the two open writes. */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ResetTokenUser } from '../../contract/users';
import { api } from '../shared/api/client';
import { statusOf } from '../shared/api/errors';

export const INVALID_TOKEN_TITLE = 'Invalid token';
export const INVALID_TOKEN_TEXT =
  'Your token has either been used to reset your password, or it has expired. Please request a new reset password ' +
  'URL in order to reset your password.';
export const RESET_FAILED_TITLE = 'Unable to reset password';
export const RESET_FAILED_TEXT =
  'Something went wrong when attempting to update your password. This could be due to unstable internet ' +
  'connectivity. If retrying the request does not work, please try again later.';

/** The token was unknown, used or expired: its 401 is an answer about the token, not a lost session. */
export class InvalidTokenError extends Error {}

/** 400 (no token) and 401 (InvalidTokenError) both mean the link cannot be used. */
const tokenRefused = (error: unknown) => statusOf(error) === 401 || statusOf(error) === 400;

export type TokenState =
  | { state: 'checking' }
  | { state: 'valid'; user: ResetTokenUser }
  | { state: 'invalid' }
  | { state: 'failed'; message: string };

/**
 * GET auth/reset/validate?token=: whose link it is. Read once per token and kept out of the query cache on purpose:
 * that cache is persisted to localStorage, and a link's token must not be stored on the device.
 */
export function useResetToken(token: string): TokenState {
  const [result, setResult] = useState<{ token: string; state: TokenState }>();
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<ResetTokenUser>(`auth/reset/validate?token=${encodeURIComponent(token)}`, {
        credentials: false,
        signal: controller.signal,
      })
      .then(
        (user) => setResult({ token, state: { state: 'valid', user } }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            const message = error instanceof Error ? error.message : String(error);
            setResult({ token, state: tokenRefused(error) ? { state: 'invalid' } : { state: 'failed', message } });
          }
        },
      );
    return () => controller.abort();
  }, [token]);
  return result?.token === token ? result.state : { state: 'checking' };
}

/** POST auth/reset/password (token, password): sets the password and uses the token up. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      api.post('auth/reset/password', { token, password }, { credentials: false }).catch((error: unknown) => {
        throw statusOf(error) === 401 ? new InvalidTokenError(INVALID_TOKEN_TEXT) : error;
      }),
    meta: { inlineErrors: true },
  });
}

/** POST auth/reset/password-email (email): the answer is the same whether or not the address is known. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post('auth/reset/password-email', { email }, { credentials: false }),
    meta: { inlineErrors: true },
  });
}
