import { Loader, Paper, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { showToast } from '../../shared/messages/toast';
import { useContextFields, type ContextField } from '../api/queries';
import { useUpdateContextField } from '../api/use-update-context-field';
import { CONTEXT_FIELD_NOT_FOUND, CONTEXT_FIELD_UPDATED } from '../messages';
import { contextFieldValues } from '../rules';
import { ContextForm } from './ContextForm';
import { useContextForm } from './use-context-form';

const route = getRouteApi('/main/context/edit/$name');

function EditContextForm({ field }: { field: ContextField }) {
  const navigate = useNavigate();
  const update = useUpdateContextField();
  const form = useContextForm(contextFieldValues(field), {
    editMode: true,
    submit: async (values) => {
      await update.mutateAsync(values);
      showToast(CONTEXT_FIELD_UPDATED, 'success');
      await navigate({ to: '/context' });
    },
  });
  return <ContextForm form={form} onCancel={() => void navigate({ to: '/context' })} />;
}

/** /context/edit/{name}: the field from the kept list (at once offline), its name locked. */
export default function EditContextPage() {
  const { name } = route.useParams();
  const fields = useContextFields();
  const field = fields.data?.find((f) => f.name === name);
  if (field) return <EditContextForm key={name} field={field} />;
  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      {fields.isPending ? (
        <Loader aria-label="Loading context field" />
      ) : (
        <Text role="alert">{fields.isError ? fields.error.message : CONTEXT_FIELD_NOT_FOUND(name)}</Text>
      )}
    </Paper>
  );
}
