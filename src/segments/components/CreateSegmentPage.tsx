import { useBackToList } from '../../shared/forms/back-to-list';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { useCreateSegment } from '../api/use-create-segment';
import { SEGMENT_CREATED } from '../messages';
import { segmentBody, segmentValues } from '../rules';
import { SegmentForm } from './SegmentForm';
import { useSegmentForm } from './use-segment-form';

/** /segments/create: a new segment, for all projects unless one is chosen. */
export default function CreateSegmentPage() {
  const back = useBackToList('/segments');
  const create = useCreateSegment();
  const form = useSegmentForm(segmentValues(), {
    editMode: false,
    checkName: useServerNameCheck('api/admin/segments/validate'),
    submit: (values) => create.mutateAsync(segmentBody(values)),
    onSaved: back.saved(SEGMENT_CREATED),
  });
  return <SegmentForm form={form} onCancel={back.cancel} />;
}
