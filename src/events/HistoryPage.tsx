import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useIsAdmin } from '../auth/user';
import { EventList } from './EventList';
import { useEvents } from './api/queries';

export const ADMIN_ONLY_MESSAGE = 'You need instance admin to access this section.';

/** /history and /history/{toggleName}: recent changes, instance admins only. */
export default function HistoryPage() {
  const { toggleName } = useParams({ strict: false });
  const isAdmin = useIsAdmin();
  const events = useEvents(toggleName, isAdmin);

  return (
    <Stack gap="md">
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {toggleName ? `Recent changes: ${toggleName}` : 'Recent changes'}
      </Title>
      {!isAdmin ? (
        <Alert color="red" variant="light" role="alert">
          {ADMIN_ONLY_MESSAGE}
        </Alert>
      ) : events.isPending ? (
        <Loader aria-label="Loading events" />
      ) : events.isError ? (
        <Text c="red.8" role="alert">
          {events.error.message}
        </Text>
      ) : events.data.length === 0 ? (
        <Text>No entries</Text>
      ) : (
        <EventList events={events.data} showToggle={!toggleName} />
      )}
    </Stack>
  );
}
