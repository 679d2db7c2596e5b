import { Badge, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CreateButton, DeleteButton, EditButton } from '../../auth/ListButtons';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ListPage, useConfirmation } from '../../shared/ui/ListPage';
import { useContextFields } from '../api/queries';
import { useDeleteContextField } from '../api/use-delete-context-field';
import {
  CONTEXT_FIELD_DELETED,
  CONTEXT_FIELDS_TITLE,
  NO_CONTEXT_FIELDS,
  REALLY_DELETE_CONTEXT_FIELD,
} from '../messages';
import { sortLegalValues, type ContextField } from '../rules';
import '../context.css';

/** Up to this many legal values are listed in a row; more are counted. */
const LISTED_VALUES = 6;

function LegalValues({ values }: { values: string[] }) {
  if (values.length === 0) return null;
  if (values.length > LISTED_VALUES) return <Badge variant="light">{values.length} legal values</Badge>;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        Legal values:{' '}
      </Text>
      {sortLegalValues(values).join(', ')}
    </Text>
  );
}

/** One field: its name (linked to its form), description, legal values and stickiness, then Edit and Delete. */
function ContextRow({ field, onDelete }: { field: ContextField; onDelete(): void }) {
  const navigate = useNavigate();
  return (
    <li className="sy-list-row">
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          <RouteLink
            to="/context/edit/$name"
            params={{ name: field.name }}
            fw={600}
            className="sy-touch-link"
            style={{ overflowWrap: 'anywhere' }}
          >
            {field.name}
          </RouteLink>
          {field.stickiness && (
            <Badge variant="light" color="grape">
              Stickiness
            </Badge>
          )}
        </Group>
        {field.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {field.description}
          </Text>
        )}
        <LegalValues values={field.legalValues ?? []} />
      </Stack>
      <Group gap={4} justify="flex-end">
        <EditButton
          item={field.name}
          permission="UPDATE_CONTEXT_FIELD"
          onClick={() => void navigate({ to: '/context/edit/$name', params: { name: field.name } })}
        />
        <DeleteButton item={field.name} permission="DELETE_CONTEXT_FIELD" onlineOnly onClick={onDelete} />
      </Group>
    </li>
  );
}

/** /context: every context field (kept offline), with create, edit and delete behind permissions. */
export default function ContextFieldsPage() {
  const deletion = useConfirmation({
    mutation: useDeleteContextField(),
    variables: (name: string) => name,
    title: REALLY_DELETE_CONTEXT_FIELD,
    describe: (name) => name,
    done: CONTEXT_FIELD_DELETED,
  });
  return (
    <ListPage
      title={CONTEXT_FIELDS_TITLE}
      actions={
        <CreateButton permission="CREATE_CONTEXT_FIELD" to="/context/create">
          Add new context field
        </CreateButton>
      }
      query={useContextFields()}
      loading="Loading context fields"
      empty={NO_CONTEXT_FIELDS}
      dialog={deletion.dialog}
    >
      {(field) => <ContextRow key={field.name} field={field} onDelete={() => deletion.ask(field.name)} />}
    </ListPage>
  );
}
