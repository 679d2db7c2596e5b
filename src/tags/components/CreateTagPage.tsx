import { useNavigate } from '@tanstack/react-router';
import { showToast } from '../../shared/messages/toast';
import { useTagTypes } from '../api/queries';
import { useCreateTag } from '../api/use-create-tag';
import { TAG_CREATED } from '../messages';
import { newTag } from '../rules';
import { TagForm } from './TagForm';
import { useTagForm } from './use-tag-form';

/** /tags/create: a tag of a kept tag type; saving returns to /tags. */
export default function CreateTagPage() {
  const navigate = useNavigate();
  const tagTypes = useTagTypes().data ?? [];
  const create = useCreateTag();
  const form = useTagForm(newTag(), {
    submit: (tag) => create.mutateAsync(tag),
    onSaved: () => {
      showToast(TAG_CREATED, 'success');
      return navigate({ to: '/tags' });
    },
  });
  return <TagForm form={form} tagTypes={tagTypes} onCancel={() => void navigate({ to: '/tags' })} />;
}
