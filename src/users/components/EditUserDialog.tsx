import '@mantine/core/styles/Radio.css';
import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import { useForm } from '../../shared/forms/use-form';
import type { AdminUser, RootRole } from '../api/queries';
import { useUpdateUser } from '../api/use-update-user';
import { EMAIL_REQUIRED, UPDATE_FAILED } from '../messages';
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
  const { values, errors, setField } = form;
  return (
    <Modal opened onClose={onClose} title="Edit team member" closeButtonProps={{ 'aria-label': 'Close', size: 'lg' }}>
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate>
        <Stack gap="md">
          {errors.general && (
            <Alert color="red" role="alert" variant="light">
              {errors.general}
            </Alert>
          )}
          <TextInput
            label="Full name"
            value={values.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            error={errors.email}
            onChange={(e) => setField('email', e.currentTarget.value)}
          />
          <Radio.Group label="Role" value={String(values.rootRole)} onChange={(v) => setField('rootRole', Number(v))}>
            <Stack gap="xs" mt={4}>
              {roles.map((role) => (
                <Radio key={role.id} value={String(role.id)} label={role.name} description={role.description} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <PermissionButton type="submit" permission="ADMIN" onlineOnly loading={form.submitting}>
              Save
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
