import { Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CreateButton, DeleteButton, EditButton } from '../../auth/ListButtons';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ListPage, useConfirmation } from '../../shared/ui/ListPage';
import type { TagType } from '../rules';
import { useTagTypes } from '../api/queries';
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
        <EditButton
          item={tagType.name}
          permission="UPDATE_TAG_TYPE"
          className="sy-collapsible-action"
          onClick={() => void navigate({ to: '/tag-types/edit/$name', params: { name: tagType.name } })}
        >
          {label('Edit')}
        </EditButton>
        <DeleteButton
          item={tagType.name}
          permission="DELETE_TAG_TYPE"
          onlineOnly
          className="sy-collapsible-action"
          onClick={onDelete}
        >
          {label('Delete')}
        </DeleteButton>
      </Group>
    </li>
  );
}

/** /tag-types: every tag type (kept offline) with its icon; add, edit and delete (confirmed) behind permissions. */
export default function TagTypesPage() {
  const deletion = useConfirmation({
    mutation: useDeleteTagType(),
    variables: (name: string) => name,
    title: REALLY_DELETE_TAG_TYPE,
    describe: (name) => `${name}: its tags are removed from every toggle that has them.`,
    done: TAG_TYPE_DELETED,
  });
  return (
    <ListPage
      title={TAG_TYPES_TITLE}
      nowrap
      actions={
        <CreateButton
          permission="CREATE_TAG_TYPE"
          className="sy-collapsible-action"
          aria-label="Add new tag type"
          to="/tag-types/create"
        >
          {label('Add new tag type')}
        </CreateButton>
      }
      query={useTagTypes()}
      loading="Loading tag types"
      empty={NO_TAG_TYPES}
      dialog={deletion.dialog}
    >
      {(tagType) => <TagTypeRow key={tagType.name} tagType={tagType} onDelete={() => deletion.ask(tagType.name)} />}
    </ListPage>
  );
}
