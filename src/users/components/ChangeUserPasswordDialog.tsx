import { PasswordInput } from '@mantine/core';
import { useForm } from '../../shared/forms/use-form';
import type { AdminUser } from '../api/queries';
import { useChangeUserPassword } from '../api/use-change-user-password';
import { PASSWORD_FAILED, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '../messages';
import { ADMIN_PASSWORD_MIN } from '../rules';
import { AdminDialogForm } from './AdminDialogForm';
import './users.css';

interface Props {
  user: AdminUser;
  onSaved(): void;
  onClose(): void;
}

/**
 * An admin sets a user's password: at least 8 characters, the confirmation equal; the server's
 * password rule decides, and its message (or 'Could not update password') shows when it refuses.
 */
export function ChangeUserPasswordDialog({ user, onSaved, onClose }: Props) {
  const change = useChangeUserPassword();
  const form = useForm(
    { password: '', confirm: '' },
    {
      validate: (v) => ({
        password: v.password.length < ADMIN_PASSWORD_MIN ? PASSWORD_TOO_SHORT : undefined,
        confirm: v.password !== v.confirm ? PASSWORDS_DIFFER : undefined,
      }),
      submit: async (v) => {
        await change.mutateAsync({ id: user.id, password: v.password });
        onSaved();
      },
      failed: (error) => ({ general: error instanceof Error && error.message ? error.message : PASSWORD_FAILED }),
    },
  );
  return (
    <AdminDialogForm title="Update password" form={form} submitLabel="Save" onClose={onClose}>
      <PasswordInput
        label="Password"
        description={`For ${user.name || user.email || user.username}`}
        autoComplete="new-password"
        {...form.field('password')}
        data-autofocus
      />
      <PasswordInput label="Confirm password" autoComplete="new-password" {...form.field('confirm')} />
    </AdminDialogForm>
  );
}
