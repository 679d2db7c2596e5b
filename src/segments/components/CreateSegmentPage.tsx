import { useNavigate } from '@tanstack/react-router';
import { useLeaveGuard } from '../../shared/forms/leave-guard';
import { showToast } from '../../shared/messages/toast';
import { useCreateSegment } from '../api/use-create-segment';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { SEGMENT_CREATED } from '../messages';
import { segmentBody, segmentValues } from '../rules';
import { SegmentForm } from './SegmentForm';
import { useSegmentForm } from './use-segment-form';

/** /segments/create: a new segment, for all projects unless one is chosen. */
export default function CreateSegmentPage() {
  const navigate = useNavigate();
  const create = useCreateSegment();
  const checkName = useServerNameCheck('api/admin/segments/validate');
  const form = useSegmentForm(segmentValues(), {
    editMode: false,
    checkName,
    submit: async (values) => {
      await create.mutateAsync(segmentBody(values));
      guard.release();
      showToast(SEGMENT_CREATED, 'success');
      await navigate({ to: '/segments' });
    },
  });
  const guard = useLeaveGuard(form.dirty);
  return <SegmentForm form={form} onCancel={() => void navigate({ to: '/segments' })} />;
}
