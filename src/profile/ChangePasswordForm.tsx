import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { PasswordRules } from '../auth/PasswordRules';
import { useChangePasswordForm } from './password';

interface Props {
  onDone(message: string): void;
  onCancel(): void;
}

export function ChangePasswordForm({ onDone, onCancel }: Props) {
  const form = useChangePasswordForm(onDone);
  return (
    <form onSubmit={form.onSubmit} aria-label="Update password" noValidate>
      <Stack gap="sm">
        {form.error && (
          <Alert color="red" role="alert" variant="light">
            {form.error}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => form.setPassword(e.currentTarget.value)}
          aria-describedby="password-rules"
        />
        <PasswordRules id="password-rules" check={form.check} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          value={form.confirmPassword}
          error={form.mismatch}
          onChange={(e) => form.setConfirmPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!form.canSubmit} loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
