import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import { showToast } from '../../shared/messages/toast';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ConstraintSummary } from '../../strategies/components/ConstraintsEditor';
import { useSegments, type Segment } from '../api/queries';
import { useDeleteSegment } from '../api/use-delete-segment';
import {
  ALL_PROJECTS,
  DELETE_SEGMENT_TITLE,
  NEW_SEGMENT,
  NO_SEGMENTS,
  reallyDeleteSegment,
  SEGMENT_DELETED,
  SEGMENTS_INTRO,
  SEGMENTS_TITLE,
} from '../messages';
import '../segments.css';

/** One segment: its name (linked to its form), project, description and constraints in words; Edit and Delete. */
function SegmentRow({ segment, onDelete }: { segment: Segment; onDelete(): void }) {
  const navigate = useNavigate();
  const params = { id: String(segment.id) };
  return (
    <li className="sy-segment-row">
      <Stack gap={4} miw={0}>
        <Group gap="xs" wrap="wrap">
          <RouteLink
            to="/segments/edit/$id"
            params={params}
            fw={600}
            className="sy-touch-link"
            style={{ overflowWrap: 'anywhere' }}
          >
            {segment.name}
          </RouteLink>
          <Badge variant="light" color={segment.project ? 'indigo' : 'gray'} style={{ textTransform: 'none' }}>
            {segment.project ?? ALL_PROJECTS}
          </Badge>
        </Group>
        {segment.description && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {segment.description}
          </Text>
        )}
        <ul className="sy-segment-constraints" aria-label={`Constraints of ${segment.name}`}>
          {segment.constraints.length === 0 ? (
            <li>
              <Text size="sm" c="dimmed">
                No constraints configured
              </Text>
            </li>
          ) : (
            segment.constraints.map((constraint, index) => (
              <li key={index}>
                <ConstraintSummary constraint={constraint} />
              </li>
            ))
          )}
        </ul>
      </Stack>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <PermissionButton
          permission="UPDATE_SEGMENT"
          variant="subtle"
          size="sm"
          leftSection={<IconPencil size={18} aria-hidden />}
          aria-label={`Edit ${segment.name}`}
          onClick={() => void navigate({ to: '/segments/edit/$id', params })}
        >
          Edit
        </PermissionButton>
        <PermissionButton
          permission="DELETE_SEGMENT"
          onlineOnly
          variant="subtle"
          color="red"
          size="sm"
          leftSection={<IconTrash size={18} aria-hidden />}
          aria-label={`Delete ${segment.name}`}
          onClick={onDelete}
        >
          Delete
        </PermissionButton>
      </Group>
    </li>
  );
}

/** /segments: every segment (kept offline), with create, edit and delete behind permissions (writes online only). */
export default function SegmentsPage() {
  const navigate = useNavigate();
  const segments = useSegments();
  const remove = useDeleteSegment();
  const [deleting, setDeleting] = useState<Segment>();

  const close = () => {
    setDeleting(undefined);
    remove.reset();
  };
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showToast(SEGMENT_DELETED, 'success');
        close();
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {SEGMENTS_TITLE}
        </Title>
        <PermissionButton
          permission="CREATE_SEGMENT"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => void navigate({ to: '/segments/create' })}
        >
          {NEW_SEGMENT}
        </PermissionButton>
      </Group>
      <Text size="sm" c="dimmed">
        {SEGMENTS_INTRO}
      </Text>
      <Paper withBorder radius="md">
        {segments.isPending ? (
          <Loader m="md" aria-label="Loading segments" />
        ) : segments.isError ? (
          <Stack gap="sm" align="flex-start" p="md">
            <Text c="red.8" role="alert">
              {segments.error.message}
            </Text>
            <Button variant="light" onClick={() => void segments.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : segments.data.length === 0 ? (
          <Text p="md">{NO_SEGMENTS}</Text>
        ) : (
          <ul className="sy-segment-list" aria-label={SEGMENTS_TITLE}>
            {segments.data.map((segment) => (
              <SegmentRow key={segment.id} segment={segment} onDelete={() => setDeleting(segment)} />
            ))}
          </ul>
        )}
      </Paper>
      {deleting && (
        <ConfirmDialog
          title={DELETE_SEGMENT_TITLE}
          confirmLabel="Delete"
          danger
          loading={remove.isPending}
          error={remove.error?.message}
          onConfirm={confirm}
          onClose={close}
        >
          {reallyDeleteSegment(deleting.name)}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
