import { getRouteApi } from '@tanstack/react-router';
import { useBackToList } from '../../shared/forms/back-to-list';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useContextFields } from '../api/queries';
import { useUpdateContextField } from '../api/use-update-context-field';
import { CONTEXT_FIELD_NOT_FOUND, CONTEXT_FIELD_UPDATED } from '../messages';
import { contextFieldValues, type ContextField } from '../rules';
import { ContextForm } from './ContextForm';
import { useContextForm } from './use-context-form';

const route = getRouteApi('/main/context/edit/$name');

function EditContextForm({ field }: { field: ContextField }) {
  const back = useBackToList('/context');
  const update = useUpdateContextField();
  const form = useContextForm(contextFieldValues(field), {
    editMode: true,
    submit: (values) => update.mutateAsync(values),
    onSaved: back.saved(CONTEXT_FIELD_UPDATED),
  });
  return <ContextForm form={form} onCancel={back.cancel} />;
}

/** /context/edit/{name}: the field from the kept list (at once offline), its name locked. */
export default function EditContextPage() {
  const { name } = route.useParams();
  return (
    <RecordGate
      query={useContextFields()}
      find={(fields) => fields.find((f) => f.name === name)}
      loading="Loading context field"
      notFound={CONTEXT_FIELD_NOT_FOUND(name)}
    >
      {(field) => <EditContextForm key={name} field={field} />}
    </RecordGate>
  );
}
