/** A new password's rules, checked live by the server's validator (a reset, a new user's first, one's own). */
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../shared/api/client';
import { BadRequestError } from '../shared/api/errors';

/** Live checks start at 3 characters. */
export const LIVE_CHECK_MIN_LENGTH = 3;

/** The own-password rules; the server validator decides, these name what it reports. */
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: 'At least 10 characters',
    reported: /characters long|at least \d+ characters|too short|length/i,
  },
  { id: 'upper', label: 'An upper case letter', reported: /upper ?case/i },
  { id: 'lower', label: 'A lower case letter', reported: /lower ?case/i },
  { id: 'number', label: 'A number', reported: /number|digit/i },
  { id: 'symbol', label: 'A symbol', reported: /special character|symbol/i },
  { id: 'repeat', label: 'No run of three repeated characters', reported: /repeat/i },
] as const;

export type RuleState = 'unchecked' | 'ok' | 'failed';

export interface PasswordCheck {
  rules: { id: string; label: string; state: RuleState }[];
  /** Server messages that name none of the rules. */
  other: string[];
  valid: boolean;
}

/** Combines the validator's answer (undefined while unknown; [] when it accepted the password) with the rules. */
export function passwordCheck(password: string, validationErrors: string[] | undefined): PasswordCheck {
  const known = password.length >= LIVE_CHECK_MIN_LENGTH && validationErrors !== undefined;
  const errors = validationErrors ?? [];
  const rules = PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    state: (!known ? 'unchecked' : errors.some((e) => rule.reported.test(e)) ? 'failed' : 'ok') as RuleState,
  }));
  const other = known ? errors.filter((e) => !PASSWORD_RULES.some((rule) => rule.reported.test(e))) : [];
  return { rules, other, valid: known && errors.length === 0 };
}

/** The validator's `details[0].validationErrors` from a 400 body. */
export function validationErrorsOf(error: unknown): string[] {
  if (!(error instanceof BadRequestError)) throw error;
  const body = error.body as { details?: { validationErrors?: unknown; message?: unknown }[] } | undefined;
  const first = body?.details?.[0];
  if (Array.isArray(first?.validationErrors)) return first.validationErrors.map(String);
  return [typeof first?.message === 'string' ? first.message : error.message];
}

/**
 * POST auth/reset/validate-password (no credentials) for the password as typed: [] when valid, the reported
 * problems otherwise, undefined while that answer is not known.
 */
export function useValidatePassword(password: string): string[] | undefined {
  const [debounced] = useDebouncedValue(password, 250);
  const current = debounced === password;
  const query = useQuery({
    queryKey: ['validate-password', debounced],
    queryFn: () =>
      api
        .post('auth/reset/validate-password', { password: debounced }, { credentials: false })
        .then(() => [] as string[], validationErrorsOf),
    enabled: current && password.length >= LIVE_CHECK_MIN_LENGTH,
    retry: false,
    staleTime: Infinity,
    meta: { inlineErrors: true },
  });
  return current && query.isSuccess ? query.data : undefined;
}

export const PASSWORDS_DIFFER = 'Passwords does not match';
