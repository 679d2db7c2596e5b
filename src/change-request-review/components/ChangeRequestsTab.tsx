import { Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ChangeRequestStateSchema, type ChangeRequestState } from '../../../contract/change-requests';
import { useChangeRequests } from '../../change-requests/api/queries';
import { ChangeRequestList } from '../../change-requests/components/ChangeRequestList';

const ALL = 'All';
const STATES = [ALL, ...ChangeRequestStateSchema.anyOf.map((literal) => literal.const as ChangeRequestState)];

/** A project's change requests, newest first, all or those in one state. */
export function ChangeRequestsTab({ projectId }: { projectId: string }) {
  const [state, setState] = useState<string>(ALL);
  const requests = useChangeRequests(projectId, state === ALL ? undefined : (state as ChangeRequestState));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text>
          Changes to environments that require change requests wait here for approval. Turn them on under Environments.
        </Text>
        <NativeSelect label="State" data={STATES} value={state} onChange={(e) => setState(e.currentTarget.value)} />
      </Group>
      {requests.isError && (
        <Text c="red.8" role="alert">
          Could not fetch the change requests
        </Text>
      )}
      {!requests.data ? (
        !requests.isError && <Loader aria-label="Loading change requests" />
      ) : requests.data.length === 0 ? (
        <Text c="dimmed">{state === ALL ? 'No change requests yet.' : `No change requests in state ${state}.`}</Text>
      ) : (
        <ChangeRequestList requests={requests.data} label="Change requests" />
      )}
    </Stack>
  );
}
