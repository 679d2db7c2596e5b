import { TextInput } from '@mantine/core';
import { useForm } from '../../shared/forms/use-form';
import type { AdminUser, RootRole } from '../api/queries';
import { useUpdateUser } from '../api/use-update-user';
import { EMAIL_REQUIRED, UPDATE_FAILED } from '../messages';
import { RoleField } from './RoleField';
import { AdminDialogForm } from './AdminDialogForm';
import './users.css';

interface Props {
  user: AdminUser;
  roles: RootRole[];
  onSaved(): void;
  onClose(): void;
}

/** Edit a team member's name, e-mail and role; a failure shows the server's message or 'Could not update user'. */
export function EditUserDialog({ user, roles, onSaved, onClose }: Props) {
  const update = useUpdateUser();
  const form = useForm(
    { name: user.name ?? '', email: user.email ?? '', rootRole: user.rootRole },
    {
      prepare: (v) => ({ ...v, name: v.name.trim(), email: v.email.trim() }),
      validate: (v) => ({ email: v.email === '' && user.email ? EMAIL_REQUIRED : undefined }),
      submit: async (v) => {
        await update.mutateAsync({ id: user.id, ...v });
        onSaved();
      },
      failed: (error) => ({ general: error instanceof Error && error.message ? error.message : UPDATE_FAILED }),
    },
  );
  const { values, setField } = form;
  return (
    <AdminDialogForm title="Edit team member" form={form} submitLabel="Save" onClose={onClose}>
      <TextInput label="Full name" {...form.field('name')} data-autofocus />
      <TextInput label="Email" type="email" {...form.field('email')} />
      <RoleField roles={roles} value={values.rootRole} onChange={(role) => setField('rootRole', role)} />
    </AdminDialogForm>
  );
}
