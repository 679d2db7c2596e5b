import { Stack, Text } from '@mantine/core';
import type { Tag } from '../../../contract/tags';
import { usePermission } from '../../auth/PermissionControls';
import { CreateButton, DeleteButton } from '../../auth/ListButtons';
import { showToast } from '../../shared/messages/toast';
import { ListPage } from '../../shared/ui/ListPage';
import { useTags } from '../api/queries';
import { useDeleteTag } from '../api/use-delete-tag';
import { NO_TAGS, reallyDeleteTag, TAG_DELETED, TAGS_TITLE } from '../messages';
import { TagTypeIcon } from './TagTypeIcon';
import '../tags.css';

/** /tags (not in the menus): every tag by type; the delete shows only with permission and asks the browser first. */
export default function TagsPage() {
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
        <CreateButton permission="CREATE_TAG" to="/tags/create">
          Add new tag
        </CreateButton>
      }
      query={useTags()}
      loading="Loading tags"
      empty={NO_TAGS}
    >
      {(tag) => (
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
            <DeleteButton
              item={`${tag.type}:${tag.value}`}
              permission="DELETE_TAG"
              onlineOnly
              className="sy-collapsible-action"
              onClick={() => onDelete(tag)}
            >
              <span className="sy-action-label">Delete</span>
            </DeleteButton>
          ) : (
            <span />
          )}
        </li>
      )}
    </ListPage>
  );
}
