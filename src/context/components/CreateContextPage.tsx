import { useBackToList } from '../../shared/forms/back-to-list';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { useCreateContextField } from '../api/use-create-context-field';
import { CONTEXT_FIELD_CREATED } from '../messages';
import { contextFieldValues } from '../rules';
import { ContextForm } from './ContextForm';
import { useContextForm } from './use-context-form';

/** /context/create: a new context field, its name checked by the server on blur and before creating. */
export default function CreateContextPage() {
  const back = useBackToList('/context');
  const create = useCreateContextField();
  const form = useContextForm(contextFieldValues(), {
    editMode: false,
    checkName: useServerNameCheck('api/admin/context/validate'),
    submit: (values) => create.mutateAsync(values),
    onSaved: back.saved(CONTEXT_FIELD_CREATED),
  });
  return <ContextForm form={form} onCancel={back.cancel} />;
}
