import type { ApiToken } from '../../contract/api-tokens';
import type { FormErrors } from '../shared/forms/use-form';
import { EXPIRY_IN_PAST, USERNAME_REQUIRED } from './messages';

export type TokenType = ApiToken['type'];

/** The create dialog's values; `expiresOn` is a date (YYYY-MM-DD) or empty for a token that never expires. */
export interface TokenFormValues {
  username: string;
  type: TokenType;
  project: string;
  environment: string;
  expiresOn: string;
}

/** The token types in the order the create dialog offers them, with their names in the console. */
export const TOKEN_TYPES: { value: TokenType; label: string }[] = [
  { value: 'client', label: 'Client' },
  { value: 'frontend', label: 'Frontend' },
  { value: 'admin', label: 'Admin' },
];
export const typeLabel = (type: TokenType) => TOKEN_TYPES.find((t) => t.value === type)?.label ?? type;

/** All projects, and for an admin token all environments. */
export const ALL = '*';

/** A new token: Client, every project, the first environment. */
export const newTokenValues = (firstEnvironment: string | undefined): TokenFormValues => ({
  username: '',
  type: 'client',
  project: ALL,
  environment: firstEnvironment ?? ALL,
  expiresOn: '',
});

/** Choosing a type: Admin forces project and environment to '*'; Client starts again from its defaults. */
export function withType(values: TokenFormValues, type: TokenType, firstEnvironment: string | undefined) {
  return type === 'admin'
    ? { ...values, type, project: ALL, environment: ALL }
    : { ...values, type, project: ALL, environment: firstEnvironment ?? ALL };
}

/** The end of a chosen day in the browser's time zone: a token expiring on a day works through that day. */
export function expiryOf(expiresOn: string): Date | null {
  if (!expiresOn) return null;
  const [year, month, day] = expiresOn.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59, 999);
}

/** The day an expiry falls on, for a date field (YYYY-MM-DD in the browser's time zone). */
export function dayOf(expiresAt: string | null | undefined): string {
  if (!expiresAt) return '';
  const date = new Date(expiresAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An expiry date must not have passed (the server refuses it too). */
export const expiryError = (expiresOn: string, now = new Date()): string | undefined => {
  const expiry = expiryOf(expiresOn);
  return expiry && expiry.getTime() <= now.getTime() ? EXPIRY_IN_PAST : undefined;
};

export function validateToken(values: TokenFormValues, now = new Date()): FormErrors<TokenFormValues> {
  return {
    username: values.username.trim() ? undefined : USERNAME_REQUIRED,
    expiresOn: expiryError(values.expiresOn, now),
  };
}

/** Whether a token's expiry has passed: the server refuses it then. */
export const isExpired = (token: { expiresAt?: string | null }, now = new Date()) =>
  !!token.expiresAt && new Date(token.expiresAt).getTime() <= now.getTime();
