import { Loader, Paper, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { showToast } from '../../shared/messages/toast';
import { useTagTypes, type TagType } from '../api/queries';
import { useUpdateTagType } from '../api/use-update-tag-type';
import { TAG_TYPE_NOT_FOUND, TAG_TYPE_UPDATED } from '../messages';
import { tagTypeValues } from '../rules';
import { TagTypeForm } from './TagTypeForm';
import { useTagTypeForm } from './use-tag-type-form';

const route = getRouteApi('/main/tag-types/edit/$name');

function EditTagTypeForm({ tagType }: { tagType: TagType }) {
  const navigate = useNavigate();
  const update = useUpdateTagType();
  const form = useTagTypeForm(tagTypeValues(tagType), {
    editMode: true,
    submit: async (values) => {
      await update.mutateAsync(values);
      showToast(TAG_TYPE_UPDATED, 'success');
      await navigate({ to: '/tag-types' });
    },
  });
  return <TagTypeForm form={form} onCancel={() => void navigate({ to: '/tag-types' })} />;
}

/** /tag-types/edit/{name}: the tag type from the kept list (at once offline), its name locked. */
export default function EditTagTypePage() {
  const { name } = route.useParams();
  const tagTypes = useTagTypes();
  const tagType = tagTypes.data?.find((t) => t.name === name);
  if (tagType) return <EditTagTypeForm key={name} tagType={tagType} />;
  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      {tagTypes.isPending ? (
        <Loader aria-label="Loading tag type" />
      ) : (
        <Text role="alert">{tagTypes.isError ? tagTypes.error.message : TAG_TYPE_NOT_FOUND(name)}</Text>
      )}
    </Paper>
  );
}
