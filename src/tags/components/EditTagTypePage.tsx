import { getRouteApi } from '@tanstack/react-router';
import { useBackToList } from '../../shared/forms/back-to-list';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useTagTypes } from '../api/queries';
import { useUpdateTagType } from '../api/use-update-tag-type';
import { TAG_TYPE_NOT_FOUND, TAG_TYPE_UPDATED } from '../messages';
import { tagTypeValues, type TagType } from '../rules';
import { TagTypeForm } from './TagTypeForm';
import { useTagTypeForm } from './use-tag-type-form';

const route = getRouteApi('/main/tag-types/edit/$name');

function EditTagTypeForm({ tagType }: { tagType: TagType }) {
  const back = useBackToList('/tag-types');
  const update = useUpdateTagType();
  const form = useTagTypeForm(tagTypeValues(tagType), {
    editMode: true,
    submit: (values) => update.mutateAsync(values),
    onSaved: back.saved(TAG_TYPE_UPDATED),
  });
  return <TagTypeForm form={form} onCancel={back.cancel} />;
}

/** /tag-types/edit/{name}: the tag type from the kept list (at once offline), its name locked. */
export default function EditTagTypePage() {
  const { name } = route.useParams();
  return (
    <RecordGate
      query={useTagTypes()}
      find={(tagTypes) => tagTypes.find((t) => t.name === name)}
      loading="Loading tag type"
      notFound={TAG_TYPE_NOT_FOUND(name)}
    >
      {(tagType) => <EditTagTypeForm key={name} tagType={tagType} />}
    </RecordGate>
  );
}
