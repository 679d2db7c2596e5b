import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import type { ApiToken } from '../api/queries';
import { Dialog } from '../../shared/ui/Dialog';

interface Props {
  token: ApiToken;
  deleting: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The delete confirmation: the token stops working as soon as it is deleted. */
export function DeleteApiTokenDialog({ token, deleting, onConfirm, onClose }: Props) {
  return (
    <Dialog title="Delete API token?" onClose={onClose}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          Are you sure you want to delete the token of {token.username}? Every application using it loses access at
          once. This can not be undone.
        </Text>
        <Code block className="sy-token-secret">
          {token.secret}
        </Code>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <PermissionButton permission="DELETE_API_TOKEN" onlineOnly color="red" loading={deleting} onClick={onConfirm}>
            Delete
          </PermissionButton>
        </Group>
      </Stack>
    </Dialog>
  );
}
