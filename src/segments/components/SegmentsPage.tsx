import { Badge, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CreateButton, DeleteButton, EditButton } from '../../auth/ListButtons';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ListPage, useConfirmation } from '../../shared/ui/ListPage';
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
    <li className="sy-list-row">
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
        <EditButton
          item={segment.name}
          permission="UPDATE_SEGMENT"
          onClick={() => void navigate({ to: '/segments/edit/$id', params })}
        />
        <DeleteButton item={segment.name} permission="DELETE_SEGMENT" onlineOnly onClick={onDelete} />
      </Group>
    </li>
  );
}

/** /segments: every segment (kept offline), with create, edit and delete behind permissions (writes online only). */
export default function SegmentsPage() {
  const deletion = useConfirmation({
    mutation: useDeleteSegment(),
    variables: (segment: Segment) => segment.id,
    title: DELETE_SEGMENT_TITLE,
    describe: (segment) => reallyDeleteSegment(segment.name),
    done: SEGMENT_DELETED,
    showsRefusal: true,
  });
  return (
    <ListPage
      title={SEGMENTS_TITLE}
      actions={
        <CreateButton permission="CREATE_SEGMENT" to="/segments/create">
          {NEW_SEGMENT}
        </CreateButton>
      }
      intro={SEGMENTS_INTRO}
      query={useSegments()}
      loading="Loading segments"
      empty={NO_SEGMENTS}
      retry
      dialog={deletion.dialog}
    >
      {(segment) => <SegmentRow key={segment.id} segment={segment} onDelete={() => deletion.ask(segment)} />}
    </ListPage>
  );
}
