import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import type { AdminUser } from '../api/queries';
import { useDeleteUser } from '../api/use-delete-user';
import './users.css';
import { Dialog } from '../../shared/ui/Dialog';

/** 'Really delete user?': deleting needs this confirmation; a refusal (the last Admin) shows the server's message. */
export function DeleteUserDialog({
  user,
  onDeleted,
  onClose,
}: {
  user: AdminUser;
  onDeleted(): void;
  onClose(): void;
}) {
  const remove = useDeleteUser();
  const label = user.name || user.email || user.username;
  return (
    <Dialog title="Really delete user?" onClose={onClose}>
      <Stack gap="md">
        {remove.error && (
          <Alert color="red" role="alert" variant="light">
            {remove.error.message}
          </Alert>
        )}
        <Text>
          Are you sure you want to delete {label}? They can no longer sign in, and their sessions end at once.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <PermissionButton
            permission="ADMIN"
            onlineOnly
            color="red.8"
            loading={remove.isPending}
            onClick={() => remove.mutate(user.id, { onSuccess: onDeleted })}
          >
            Delete user
          </PermissionButton>
        </Group>
      </Stack>
    </Dialog>
  );
}
