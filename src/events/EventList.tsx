import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDateTime } from '../shared/locale/format-date';
import { useLocale } from '../shared/locale/locale';
import { eventChanges, show, type ChangeLine } from './diff';
import type { AuditEvent } from './api/queries';
import { eventLink, type EventLink } from './event-link';

const SIGN: Record<ChangeLine['kind'], string> = { added: '+', removed: '-', changed: '~' };

/** Lines of a diff shown before 'Show all': a created toggle lists its whole state, which would fill the screen. */
export const DIFF_LINES_SHOWN = 12;

/** A readable diff of an event: lines added (+), removed (-) and changed (~ before → after). */
export function EventDiff({ event }: { event: AuditEvent }) {
  const [expanded, setExpanded] = useState(false);
  const lines = eventChanges(event);
  if (lines.length === 0) return null;
  const shown = expanded ? lines : lines.slice(0, DIFF_LINES_SHOWN);
  return (
    <div>
      <div className="sy-diff" aria-label="Changes">
        {shown.map((line) => (
          <div
            key={`${line.kind}:${line.path}`}
            className={line.kind === 'changed' ? undefined : `sy-diff-${line.kind}`}
          >
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
      {lines.length > DIFF_LINES_SHOWN && (
        <Button variant="subtle" size="sm" mih={44} px={4} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show fewer changes' : `Show all ${lines.length} changes`}
        </Button>
      )}
    </div>
  );
}

function SubjectLink({ link: { label, ...to } }: { link: EventLink }) {
  return (
    <Link {...to} className="sy-touch-link" style={{ overflowWrap: 'anywhere' }}>
      {label}
    </Link>
  );
}

/** One event: type, who, when (in the chosen locale), where its subject lives (see eventLink), and what changed. */
export function EventCard({ event, showLink }: { event: AuditEvent; showLink: boolean }) {
  const locale = useLocale();
  const link = showLink ? eventLink(event) : null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" style={{ maxWidth: '100%' }}>
            {event.type}
          </Badge>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            by <strong>{event.createdBy}</strong>
          </Text>
          <Text size="sm" c="dimmed" component="time" dateTime={event.createdAt}>
            {formatDateTime(event.createdAt, locale)}
          </Text>
          {link && <SubjectLink link={link} />}
        </Group>
        <EventDiff event={event} />
      </Stack>
    </Paper>
  );
}

/** Events, newest first, every one in the page (a toggle's Log tab); `showToggle`: each with its link. */
export function EventList({ events, showToggle }: { events: AuditEvent[]; showToggle: boolean }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Events">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} showLink={showToggle} />
        </li>
      ))}
    </Stack>
  );
}
