import { Stack } from '@mantine/core';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useAwaitingMe } from '../api/queries';
import { ChangeRequestList } from './ChangeRequestList';

/** /change-requests: the requests in review that the signed-in person may approve, newest first, in any project. */
export default function AwaitingMePage() {
  return (
    <Stack gap="md">
      <PageHeader title="Change requests awaiting you" />
      <ChangeRequestList
        read={useAwaitingMe()}
        label="Change requests awaiting you"
        empty="Nothing awaits your approval. Requests others send to review show here."
      />
    </Stack>
  );
}
