import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../shared/api/client';
import { AuthenticationError, statusOf, type AuthDetails } from '../shared/api/errors';
import { authState } from './auth-state';

/** password: username + password; email: the unsecure sign-in (email only); demo: email only, with the terms links. */
export type LoginVariant = 'password' | 'email' | 'demo';

export const REQUIRED = 'This is a required field';

/** Chosen by ui-config authenticationType; when that is unknown (a real Unleash answers 401), by the auth details. */
export function loginVariant(authenticationType: string | undefined, details: AuthDetails | null): LoginVariant {
  const type = authenticationType ?? details?.type;
  if (type === 'demo') return 'demo';
  return type === 'unsecure' ? 'email' : 'password';
}

/** The demo and unsecure sign-ins ask only for an e-mail address. */
export function asksEmailOnly(variant: LoginVariant): boolean {
  return variant !== 'password';
}

/** The sign-in path: the one from the auth details (it carries the base path), else the default for the variant. */
export function loginPath(variant: LoginVariant, details: AuthDetails | null): string {
  if (details?.path) return details.path;
  return asksEmailOnly(variant) ? 'auth/demo/login' : 'auth/simple/login';
}

/** The sign-in call and how its answers read. */
export function loginErrorMessage(error: unknown, variant: LoginVariant): { message: string; clearFields: boolean } {
  const status = statusOf(error);
  if (status === 404 || status === 400) return { message: 'Invalid login details', clearFields: true };
  if (variant === 'password' && error instanceof AuthenticationError) {
    return { message: 'Invalid password and username combination.', clearFields: false };
  }
  return { message: 'Unknown error while trying to authenticate.', clearFields: false };
}

export interface LoginValues {
  username: string;
  password: string;
}

export interface LoginErrors {
  username?: string;
  password?: string;
  api?: string;
}

export function validateLogin(values: LoginValues, variant: LoginVariant): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username.trim()) errors.username = REQUIRED;
  if (variant === 'password' && !values.password) errors.password = REQUIRED;
  return errors;
}

export type LoginBody = { username: string; password: string } | { email: string };

/** Form state and validation of the sign-in form; `submit` performs the call. */
export function useLoginForm(
  variant: LoginVariant,
  initialUsername: string,
  submit: (body: LoginBody) => Promise<void>,
) {
  const [values, setValues] = useState<LoginValues>({ username: initialUsername, password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const setField = (field: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values, variant);
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    try {
      await submit(
        asksEmailOnly(variant)
          ? { email: values.username.trim() }
          : { username: values.username.trim(), password: values.password },
      );
    } catch (error) {
      const { message, clearFields } = loginErrorMessage(error, variant);
      if (clearFields) setValues({ username: '', password: '' });
      setErrors({ api: message });
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, submitting, setField, onSubmit };
}

export type LoginForm = ReturnType<typeof useLoginForm>;

/** Signs in; on success the unauthorised state ends and every cached store is reset. */
export function useLoginActions() {
  const queryClient = useQueryClient();
  return {
    async login(path: string, body: LoginBody) {
      await api.post(path, body);
      authState.setSignedIn();
      queryClient.clear();
    },
  };
}
