import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import { showToast } from '../../shared/messages/toast';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useTagTypes, type TagType } from '../api/queries';
import { useDeleteTagType } from '../api/use-delete-tag-type';
import { NO_TAG_TYPES, REALLY_DELETE_TAG_TYPE, TAG_TYPE_DELETED, TAG_TYPES_TITLE } from '../messages';
import { TagTypeIcon } from './TagTypeIcon';
import '../tags.css';

/** A button whose text collapses to its icon under 700 px (its accessible name stays). */
const label = (text: string) => <span className="sy-action-label">{text}</span>;

function TagTypeRow({ tagType, onDelete }: { tagType: TagType; onDelete(): void }) {
  const navigate = useNavigate();
  return (
    <li className="sy-tag-row">
      <TagTypeIcon name={tagType.name} />
      <Stack gap={0} miw={0}>
        <RouteLink
          to="/tag-types/edit/$name"
          params={{ name: tagType.name }}
          fw={600}
          className="sy-touch-link"
          style={{ overflowWrap: 'anywhere' }}
        >
          {tagType.name}
        </RouteLink>
        {tagType.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {tagType.description}
          </Text>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        <PermissionButton
          permission="UPDATE_TAG_TYPE"
          variant="subtle"
          size="sm"
          className="sy-collapsible-action"
          leftSection={<IconPencil size={18} aria-hidden />}
          aria-label={`Edit ${tagType.name}`}
          onClick={() => void navigate({ to: '/tag-types/edit/$name', params: { name: tagType.name } })}
        >
          {label('Edit')}
        </PermissionButton>
        <PermissionButton
          permission="DELETE_TAG_TYPE"
          onlineOnly
          variant="subtle"
          color="red"
          size="sm"
          className="sy-collapsible-action"
          leftSection={<IconTrash size={18} aria-hidden />}
          aria-label={`Delete ${tagType.name}`}
          onClick={onDelete}
        >
          {label('Delete')}
        </PermissionButton>
      </Group>
    </li>
  );
}

/** /tag-types: every tag type (kept offline) with its icon; add, edit and delete (confirmed) behind permissions. */
export default function TagTypesPage() {
  const navigate = useNavigate();
  const tagTypes = useTagTypes();
  const remove = useDeleteTagType();
  const [deleting, setDeleting] = useState<string>();

  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => showToast(TAG_TYPE_DELETED, 'success'),
      onSettled: () => setDeleting(undefined),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Title order={1} size="h2">
          {TAG_TYPES_TITLE}
        </Title>
        <PermissionButton
          permission="CREATE_TAG_TYPE"
          className="sy-collapsible-action"
          leftSection={<IconPlus size={18} aria-hidden />}
          aria-label="Add new tag type"
          onClick={() => void navigate({ to: '/tag-types/create' })}
        >
          {label('Add new tag type')}
        </PermissionButton>
      </Group>
      <Paper withBorder radius="md">
        {tagTypes.isPending ? (
          <Loader m="md" aria-label="Loading tag types" />
        ) : tagTypes.isError ? (
          <Text c="red.8" role="alert" p="md">
            {tagTypes.error.message}
          </Text>
        ) : tagTypes.data.length === 0 ? (
          <Text p="md">{NO_TAG_TYPES}</Text>
        ) : (
          <ul className="sy-tag-list" aria-label={TAG_TYPES_TITLE}>
            {tagTypes.data.map((tagType) => (
              <TagTypeRow key={tagType.name} tagType={tagType} onDelete={() => setDeleting(tagType.name)} />
            ))}
          </ul>
        )}
      </Paper>
      {deleting && (
        <ConfirmDialog
          title={REALLY_DELETE_TAG_TYPE}
          confirmLabel="Delete"
          danger
          loading={remove.isPending}
          onConfirm={confirm}
          onClose={() => setDeleting(undefined)}
        >
          {deleting}: its tags are removed from every toggle that has them.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
