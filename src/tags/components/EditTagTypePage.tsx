import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { showToast } from '../../shared/messages/toast';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useTagTypes } from '../api/queries';
import { useUpdateTagType } from '../api/use-update-tag-type';
import { TAG_TYPE_NOT_FOUND, TAG_TYPE_UPDATED } from '../messages';
import { tagTypeValues, type TagType } from '../rules';
import { TagTypeForm } from './TagTypeForm';
import { useTagTypeForm } from './use-tag-type-form';

const route = getRouteApi('/main/tag-types/edit/$name');

function EditTagTypeForm({ tagType }: { tagType: TagType }) {
  const navigate = useNavigate();
  const update = useUpdateTagType();
  const form = useTagTypeForm(tagTypeValues(tagType), {
    editMode: true,
    submit: (values) => update.mutateAsync(values),
    onSaved: () => {
      showToast(TAG_TYPE_UPDATED, 'success');
      return navigate({ to: '/tag-types' });
    },
  });
  return <TagTypeForm form={form} onCancel={() => void navigate({ to: '/tag-types' })} />;
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
