import { Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { Tag } from '../../../contract/tags';
import { PermissionButton, usePermission } from '../../auth/PermissionControls';
import { showToast } from '../../shared/messages/toast';
import { ListPage } from '../../shared/ui/ListPage';
import { useTags } from '../api/queries';
import { useDeleteTag } from '../api/use-delete-tag';
import { NO_TAGS, reallyDeleteTag, TAG_DELETED, TAGS_TITLE } from '../messages';
import { TagTypeIcon } from './TagTypeIcon';
import '../tags.css';

/** /tags (not in the menus): every tag by type; the delete shows only with permission and asks the browser first. */
export default function TagsPage() {
  const navigate = useNavigate();
  const remove = useDeleteTag();
  const mayDelete = usePermission('DELETE_TAG');

  const onDelete = (tag: Tag) => {
    if (!window.confirm(reallyDeleteTag(tag.type, tag.value))) return;
    remove.mutate(tag, { onSuccess: () => showToast(TAG_DELETED, 'success') });
  };

  return (
    <ListPage
      title={TAGS_TITLE}
      actions={
        <PermissionButton
          permission="CREATE_TAG"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => void navigate({ to: '/tags/create' })}
        >
          Add new tag
        </PermissionButton>
      }
      query={useTags()}
      loading="Loading tags"
      empty={NO_TAGS}
    >
      {(tags) => (
        <ul className="sy-tag-list" aria-label={TAGS_TITLE}>
          {tags.map((tag) => (
            <li key={`${tag.type}:${tag.value}`} className="sy-tag-row">
              <TagTypeIcon name={tag.type} />
              <Stack gap={0} miw={0}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {tag.value}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {tag.type}
                </Text>
              </Stack>
              {mayDelete ? (
                <PermissionButton
                  permission="DELETE_TAG"
                  onlineOnly
                  variant="subtle"
                  color="red"
                  size="sm"
                  className="sy-collapsible-action"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  aria-label={`Delete ${tag.type}:${tag.value}`}
                  onClick={() => onDelete(tag)}
                >
                  <span className="sy-action-label">Delete</span>
                </PermissionButton>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
