import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { showToast } from '../../shared/messages/toast';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useSegments, type Segment } from '../api/queries';
import { useUpdateSegment } from '../api/use-update-segment';
import { SEGMENT_NOT_FOUND, SEGMENT_UPDATED } from '../messages';
import { segmentBody, segmentValues } from '../rules';
import { SegmentForm } from './SegmentForm';
import { useSegmentForm } from './use-segment-form';

const route = getRouteApi('/main/segments/edit/$id');

function EditSegmentForm({ segment }: { segment: Segment }) {
  const navigate = useNavigate();
  const update = useUpdateSegment();
  const form = useSegmentForm(segmentValues(segment), {
    editMode: true,
    checkName: useServerNameCheck('api/admin/segments/validate'),
    submit: (values) => update.mutateAsync({ id: segment.id, body: segmentBody(values) }),
    onSaved: () => {
      showToast(SEGMENT_UPDATED, 'success');
      return navigate({ to: '/segments' });
    },
  });
  return <SegmentForm form={form} onCancel={() => void navigate({ to: '/segments' })} />;
}

/** /segments/edit/{id}: the segment from the kept list. */
export default function EditSegmentPage() {
  const { id } = route.useParams();
  return (
    <RecordGate
      query={useSegments()}
      find={(segments) => segments.find((s) => String(s.id) === id)}
      loading="Loading segment"
      notFound={SEGMENT_NOT_FOUND(id)}
    >
      {(segment) => <EditSegmentForm key={id} segment={segment} />}
    </RecordGate>
  );
}
