import { useNavigate } from '@tanstack/react-router';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { showToast } from '../../shared/messages/toast';
import { useCreateTagType } from '../api/use-create-tag-type';
import { TAG_TYPE_CREATED } from '../messages';
import { tagTypeValues } from '../rules';
import { TagTypeForm } from './TagTypeForm';
import { useTagTypeForm } from './use-tag-type-form';

/** /tag-types/create: a new tag type, its name checked by the server on blur and before creating. */
export default function CreateTagTypePage() {
  const navigate = useNavigate();
  const create = useCreateTagType();
  const form = useTagTypeForm(tagTypeValues(), {
    editMode: false,
    checkName: useServerNameCheck('api/admin/tag-types/validate'),
    submit: (values) => create.mutateAsync(values),
    onSaved: () => {
      showToast(TAG_TYPE_CREATED, 'success');
      return navigate({ to: '/tag-types' });
    },
  });
  return <TagTypeForm form={form} onCancel={() => void navigate({ to: '/tag-types' })} />;
}
