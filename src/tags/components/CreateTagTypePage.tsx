import { useBackToList } from '../../shared/forms/back-to-list';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { useCreateTagType } from '../api/use-create-tag-type';
import { TAG_TYPE_CREATED } from '../messages';
import { tagTypeValues } from '../rules';
import { TagTypeForm } from './TagTypeForm';
import { useTagTypeForm } from './use-tag-type-form';

/** /tag-types/create: a new tag type, its name checked by the server on blur and before creating. */
export default function CreateTagTypePage() {
  const back = useBackToList('/tag-types');
  const create = useCreateTagType();
  const form = useTagTypeForm(tagTypeValues(), {
    editMode: false,
    checkName: useServerNameCheck('api/admin/tag-types/validate'),
    submit: (values) => create.mutateAsync(values),
    onSaved: back.saved(TAG_TYPE_CREATED),
  });
  return <TagTypeForm form={form} onCancel={back.cancel} />;
}
