import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../shared/locale/format-date';
import { useLocale } from '../shared/locale/locale';
import { eventChanges, show, type ChangeLine } from './diff';
import type { AuditEvent } from './api/queries';

const SIGN: Record<ChangeLine['kind'], string> = { added: '+', removed: '-', changed: '~' };

/** A readable diff of an event: lines added (+), removed (-) and changed (~ before → after). */
export function EventDiff({ event }: { event: AuditEvent }) {
  const lines = eventChanges(event);
  if (lines.length === 0) return null;
  return (
    <div className="sy-diff" aria-label="Changes">
      {lines.map((line) => (
        <div key={`${line.kind}:${line.path}`} className={line.kind === 'changed' ? undefined : `sy-diff-${line.kind}`}>
          <span aria-hidden>{SIGN[line.kind]} </span>
          <span className="sy-visually-hidden">{line.kind}: </span>
          {line.path}:{' '}
          {line.kind === 'changed' ? (
            <>
              <span className="sy-diff-removed">{show(line.before)}</span> →{' '}
              <span className="sy-diff-added">{show(line.after)}</span>
            </>
          ) : (
            show(line.kind === 'added' ? line.after : line.before)
          )}
        </div>
      ))}
    </div>
  );
}

/** Events, newest first: type, who, when (in the chosen locale), the toggle, and what changed. */
export function EventList({ events, showToggle }: { events: AuditEvent[]; showToggle: boolean }) {
  const locale = useLocale();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Events">
      {events.map((event) => {
        const toggle = event.featureName ?? (event.data as { name?: string } | undefined)?.name;
        return (
          <Paper component="li" key={event.id} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{event.type}</Badge>
                <Text size="sm">
                  by <strong>{event.createdBy}</strong>
                </Text>
                <Text size="sm" c="dimmed" component="time" dateTime={event.createdAt}>
                  {formatDateTime(event.createdAt, locale)}
                </Text>
                {showToggle && toggle && (
                  <Link to="/history/$toggleName" params={{ toggleName: toggle }} className="sy-touch-link">
                    {toggle}
                  </Link>
                )}
              </Group>
              <EventDiff event={event} />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
