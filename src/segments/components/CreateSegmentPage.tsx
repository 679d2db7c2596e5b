import { useNavigate } from '@tanstack/react-router';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { showToast } from '../../shared/messages/toast';
import { useCreateSegment } from '../api/use-create-segment';
import { SEGMENT_CREATED } from '../messages';
import { segmentBody, segmentValues } from '../rules';
import { SegmentForm } from './SegmentForm';
import { useSegmentForm } from './use-segment-form';

/** /segments/create: a new segment, for all projects unless one is chosen. */
export default function CreateSegmentPage() {
  const navigate = useNavigate();
  const create = useCreateSegment();
  const form = useSegmentForm(segmentValues(), {
    editMode: false,
    checkName: useServerNameCheck('api/admin/segments/validate'),
    submit: (values) => create.mutateAsync(segmentBody(values)),
    onSaved: () => {
      showToast(SEGMENT_CREATED, 'success');
      return navigate({ to: '/segments' });
    },
  });
  return <SegmentForm form={form} onCancel={() => void navigate({ to: '/segments' })} />;
}
