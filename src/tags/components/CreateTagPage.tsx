import { useBackToList } from '../../shared/forms/back-to-list';
import { useTagTypes } from '../api/queries';
import { useCreateTag } from '../api/use-create-tag';
import { TAG_CREATED } from '../messages';
import { newTag } from '../rules';
import { TagForm } from './TagForm';
import { useTagForm } from './use-tag-form';

/** /tags/create: a tag of a kept tag type; saving returns to /tags. */
export default function CreateTagPage() {
  const back = useBackToList('/tags');
  const tagTypes = useTagTypes().data ?? [];
  const create = useCreateTag();
  const form = useTagForm(newTag(), {
    submit: (tag) => create.mutateAsync(tag),
    onSaved: back.saved(TAG_CREATED),
  });
  return <TagForm form={form} tagTypes={tagTypes} onCancel={back.cancel} />;
}
