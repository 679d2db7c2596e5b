import { Loader, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useAwaitingMe } from '../api/queries';
import { ChangeRequestList } from './ChangeRequestList';

/** /change-requests: the requests in review that the signed-in person may approve, newest first, in any project. */
export default function AwaitingMePage() {
  const awaiting = useAwaitingMe();
  return (
    <Stack gap="md">
      <PageHeader title="Change requests awaiting you" />
      {awaiting.isError && (
        <Text c="red.8" role="alert">
          Could not fetch the change requests
        </Text>
      )}
      {!awaiting.data ? (
        !awaiting.isError && <Loader aria-label="Loading change requests" />
      ) : awaiting.data.length === 0 ? (
        <Text c="dimmed">Nothing awaits your approval. Requests others send to review show here.</Text>
      ) : (
        <ChangeRequestList requests={awaiting.data} label="Change requests awaiting you" />
      )}
    </Stack>
  );
}
