import { Alert, Group, Text } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';

/** Save (admins, online only) with the save status beside it, and a failure's message. */
export function SaveRow({ status, error, submitting }: { status: string; error?: string; submitting: boolean }) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert" variant="light">
          {error}
        </Alert>
      )}
      <Group gap="md">
        <PermissionButton permission="ADMIN" onlineOnly type="submit" loading={submitting}>
          Save
        </PermissionButton>
        <Text size="sm" role="status">
          {status}
        </Text>
      </Group>
    </>
  );
}
