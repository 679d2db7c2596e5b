import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ChangeRequestStateSchema, type ChangeRequestState } from '../../../contract/change-requests';
import { useChangeRequests } from '../api/queries';
import { ChangeRequestList } from './ChangeRequestList';

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
      <ChangeRequestList
        read={requests}
        label="Change requests"
        empty={state === ALL ? 'No change requests yet.' : `No change requests in state ${state}.`}
      />
    </Stack>
  );
}
