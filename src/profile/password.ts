import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { passwordCheck, PASSWORDS_DIFFER, useValidatePassword } from '../auth/password';
import { api } from '../shared/api/client';
import { statusOf } from '../shared/api/errors';

/** Change own password statuses. */
export function changePasswordErrorMessage(error: unknown): string {
  switch (statusOf(error)) {
    case 400:
      return 'Password could not be accepted. Please make sure you are inputting a valid password.';
    case 401:
      return 'You are not authorized to make this request.';
    case 404:
      return 'The resource you requested could not be found on the server.';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

export const PASSWORD_UPDATED = 'Successfully updated password.';

export function useChangePasswordActions() {
  return useMutation({
    mutationFn: (body: { password: string; confirmPassword: string }) =>
      api.post('api/admin/user/change-password', body),
    meta: { inlineErrors: true },
  });
}

/** State and validation of the 'Update password' form. */
export function useChangePasswordForm(onDone: (message: string) => void) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string>();
  const current = passwordCheck(password, useValidatePassword(password));
  const matches = password === confirmPassword;
  const change = useChangePasswordActions();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current.valid || !matches) return;
    setError(undefined);
    try {
      await change.mutateAsync({ password, confirmPassword });
      onDone(PASSWORD_UPDATED);
    } catch (e) {
      setError(changePasswordErrorMessage(e));
    }
  };

  return {
    password,
    confirmPassword,
    setPassword,
    setConfirmPassword,
    check: current,
    mismatch: confirmPassword.length > 0 && !matches ? PASSWORDS_DIFFER : undefined,
    canSubmit: current.valid && matches && !change.isPending,
    submitting: change.isPending,
    error,
    onSubmit,
  };
}
