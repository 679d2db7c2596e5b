import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ChangeRequest } from '../../../contract/change-requests';
import { formatDateTime } from '../../shared/locale/format-date';
import { useLocale } from '../../shared/locale/locale';
import { RouteLink } from '../../shared/ui/RouteLink';
import { FETCH_FAILED, STATE_COLORS } from '../messages';
import '../change-requests.css';

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/**
 * Change requests as read (`read`, a query's result) as a list, each row a link to its page: number, environment,
 * author, state and when it was made; while reading a loader, then `empty` when there are none.
 */
export function ChangeRequestList({
  read,
  label,
  empty,
}: {
  read: { data?: ChangeRequest[]; isError: boolean };
  label: string;
  empty: string;
}) {
  const locale = useLocale();
  const requests = read.data;
  if (!requests) {
    return read.isError ? (
      <Text c="red.8" role="alert">
        {FETCH_FAILED}
      </Text>
    ) : (
      <Loader aria-label="Loading change requests" />
    );
  }
  if (requests.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Paper withBorder radius="md" component="ul" p={0} m={0} className="sy-cr-list" aria-label={label}>
      {requests.map((request) => (
        <li key={`${request.project}-${request.id}`}>
          <Stack gap={2} px="md" py="xs">
            <Group gap="xs" wrap="wrap" justify="space-between">
              <RouteLink
                to="/projects/$projectId/change-requests/$id"
                params={{ projectId: request.project, id: String(request.id) }}
                className="sy-touch-link"
                fw={600}
              >
                #{request.id} in {request.environment}
                {request.changes.length > 0 && `: ${[...new Set(request.changes.map((c) => c.feature))].join(', ')}`}
              </RouteLink>
              <Badge color={STATE_COLORS[request.state]} variant="light">
                {request.state}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {request.project} · by {request.createdBy.username} · {formatDateTime(request.createdAt, locale)} ·{' '}
              {count(request.changes.length, 'change')} · {request.approvals.length} of {request.minApprovals}{' '}
              {request.minApprovals === 1 ? 'approval' : 'approvals'}
            </Text>
          </Stack>
        </li>
      ))}
    </Paper>
  );
}
