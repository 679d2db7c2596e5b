import { Checkbox, TextInput } from '@mantine/core';
import { useForm } from '../../shared/forms/use-form';
import type { RootRole } from '../api/queries';
import { useAddUser, type CreatedUser, type NewUser } from '../api/use-add-user';
import { EMAIL_REQUIRED, ROLE_REQUIRED } from '../messages';
import { RoleField } from './RoleField';
import { AdminDialogForm } from './AdminDialogForm';
import './users.css';

/** Root role id 2 (Editor) by default. */
const DEFAULT_ROLE = 2;

interface Props {
  roles: RootRole[];
  onAdded(user: CreatedUser): void;
  onClose(): void;
}

/** Add a team member: e-mail and role required, role Editor and 'Send email' on by default. */
export function AddUserDialog({ roles, onAdded, onClose }: Props) {
  const add = useAddUser();
  const form = useForm<NewUser>(
    { name: '', email: '', rootRole: DEFAULT_ROLE, sendEmail: true },
    {
      prepare: (v) => ({ ...v, name: v.name.trim(), email: v.email.trim() }),
      validate: (v) => ({
        email: v.email === '' ? EMAIL_REQUIRED : undefined,
        rootRole: v.rootRole ? undefined : ROLE_REQUIRED,
      }),
      submit: async (v) => onAdded(await add.mutateAsync(v)),
    },
  );
  const { values, errors, setField } = form;
  return (
    <AdminDialogForm title="Add team member" form={form} submitLabel="Add user" onClose={onClose}>
      <TextInput label="Full name" {...form.field('name')} autoComplete="off" data-autofocus />
      <TextInput label="Email" type="email" required {...form.field('email')} autoComplete="off" />
      <RoleField
        roles={roles}
        required
        value={values.rootRole}
        error={errors.rootRole}
        onChange={(role) => setField('rootRole', role)}
      />
      <Checkbox
        label="Send email"
        description="The new team member gets an e-mail with a link to set their password."
        {...form.checkbox('sendEmail')}
      />
    </AdminDialogForm>
  );
}
