import { Alert, Anchor, CloseButton, Group, Text } from '@mantine/core';
import type { Announcement } from '../ui-config/api/queries';
import { useAnnouncementSeen } from './announcement';

const colors = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' } as const;

/** The dismissible announcement banner; remembered as seen by its id. */
export function AnnouncementBanner({ announcement }: { announcement: Announcement | undefined }) {
  const { seen, dismiss } = useAnnouncementSeen(announcement?.id);
  if (!announcement || seen) return null;
  return (
    <Alert color={colors[announcement.severity ?? 'info']} radius={0} role="status" className="sy-announcement">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          {announcement.message}{' '}
          {announcement.link && (
            <Anchor href={announcement.link} target="_blank" rel="noreferrer" fw={600} className="sy-touch-link">
              View more
            </Anchor>
          )}
        </Text>
        <CloseButton size="lg" aria-label="Dismiss announcement" onClick={dismiss} />
      </Group>
    </Alert>
  );
}
