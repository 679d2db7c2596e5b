import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useOnline } from '../shared/api/connectivity';
import { passwordCheck, PASSWORDS_DIFFER, useValidatePassword } from './password';
import { PasswordRules } from './PasswordRules';
import { OFFLINE_SAVE_MESSAGE } from './permissions';
import { Gated } from './PermissionControls';
import { InvalidTokenError, RESET_FAILED_TEXT, RESET_FAILED_TITLE, useResetPassword } from './reset-password';

interface Props {
  token: string;
  submitLabel: string;
  onDone(): void;
  /** The token turned out to be used or expired while the form was open. */
  onInvalidToken(): void;
}

/**
 * A new password with its confirmation and the strength rules: both required and equal, the
 * server's rule checked live; submit stays disabled until they match and the rule passes. Sent with the link's token.
 */
export function NewPasswordForm({ token, submitLabel, onDone, onInvalidToken }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failed, setFailed] = useState<string>();
  const check = passwordCheck(password, useValidatePassword(password));
  const matches = password === confirm;
  const reset = useResetPassword();
  const online = useOnline();
  const rulesId = useId();
  const ready = check.valid && matches && confirm !== '' && online;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setFailed(undefined);
    reset.mutate(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => (error instanceof InvalidTokenError ? onInvalidToken() : setFailed(RESET_FAILED_TEXT)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label="Set password" noValidate>
      <Stack gap="sm">
        {failed && (
          <Alert color="red" role="alert" variant="light" title={RESET_FAILED_TITLE}>
            {failed}
          </Alert>
        )}
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          size="md"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          aria-describedby={rulesId}
          data-autofocus
        />
        <PasswordRules id={rulesId} check={check} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          size="md"
          value={confirm}
          error={confirm !== '' && !matches ? PASSWORDS_DIFFER : undefined}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Gated allowed={online} message={OFFLINE_SAVE_MESSAGE}>
          {(gate) => (
            <Button {...gate} type="submit" size="md" disabled={online && !ready} loading={reset.isPending}>
              {submitLabel}
            </Button>
          )}
        </Gated>
      </Stack>
    </form>
  );
}
