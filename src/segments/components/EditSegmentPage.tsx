import { getRouteApi } from '@tanstack/react-router';
import { useBackToList } from '../../shared/forms/back-to-list';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useSegments, type Segment } from '../api/queries';
import { useUpdateSegment } from '../api/use-update-segment';
import { SEGMENT_NOT_FOUND, SEGMENT_UPDATED } from '../messages';
import { segmentBody, segmentValues } from '../rules';
import { SegmentForm } from './SegmentForm';
import { useSegmentForm } from './use-segment-form';

const route = getRouteApi('/main/segments/edit/$id');

function EditSegmentForm({ segment }: { segment: Segment }) {
  const back = useBackToList('/segments');
  const update = useUpdateSegment();
  const form = useSegmentForm(segmentValues(segment), {
    editMode: true,
    checkName: useServerNameCheck('api/admin/segments/validate'),
    submit: (values) => update.mutateAsync({ id: segment.id, body: segmentBody(values) }),
    onSaved: back.saved(SEGMENT_UPDATED),
  });
  return <SegmentForm form={form} onCancel={back.cancel} />;
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
