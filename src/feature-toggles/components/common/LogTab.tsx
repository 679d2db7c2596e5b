import { Loader, Text } from '@mantine/core';
import { EventList } from '../../../events/EventList';
import { useEvents } from '../../../events/api/queries';

/** The Log tab: the toggle's events (GET api/admin/events/{name}), newest first, without the toggle's name on each. */
export function LogTab({ name }: { name: string }) {
  const events = useEvents(name);
  if (events.isPending) return <Loader aria-label="Loading log" />;
  if (events.isError) return <Text c="red.8">{events.error.message}</Text>;
  if (events.data.length === 0) return <Text c="dimmed">No changes recorded.</Text>;
  return <EventList events={events.data} showToggle={false} />;
}
