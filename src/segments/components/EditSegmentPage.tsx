import { Loader, Paper, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLeaveGuard } from '../../shared/forms/leave-guard';
import { showToast } from '../../shared/messages/toast';
import { useSegments, type Segment } from '../api/queries';
import { useUpdateSegment } from '../api/use-update-segment';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { SEGMENT_NOT_FOUND, SEGMENT_UPDATED } from '../messages';
import { segmentBody, segmentValues } from '../rules';
import { SegmentForm } from './SegmentForm';
import { useSegmentForm } from './use-segment-form';

const route = getRouteApi('/main/segments/edit/$id');

function EditSegmentForm({ segment }: { segment: Segment }) {
  const navigate = useNavigate();
  const update = useUpdateSegment();
  const checkName = useServerNameCheck('api/admin/segments/validate');
  const form = useSegmentForm(segmentValues(segment), {
    editMode: true,
    checkName,
    submit: async (values) => {
      await update.mutateAsync({ id: segment.id, body: segmentBody(values) });
      guard.release();
      showToast(SEGMENT_UPDATED, 'success');
      await navigate({ to: '/segments' });
    },
  });
  const guard = useLeaveGuard(form.dirty);
  return <SegmentForm form={form} onCancel={() => void navigate({ to: '/segments' })} />;
}

/** /segments/edit/{id}: the segment from the kept list. */
export default function EditSegmentPage() {
  const { id } = route.useParams();
  const segments = useSegments();
  const segment = segments.data?.find((s) => String(s.id) === id);
  if (segment) return <EditSegmentForm key={id} segment={segment} />;
  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      {segments.isPending ? (
        <Loader aria-label="Loading segment" />
      ) : (
        <Text role="alert">{segments.isError ? segments.error.message : SEGMENT_NOT_FOUND(id)}</Text>
      )}
    </Paper>
  );
}
