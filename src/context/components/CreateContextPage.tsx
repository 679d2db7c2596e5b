import { useNavigate } from '@tanstack/react-router';
import { useServerNameCheck } from '../../shared/forms/server-name-check';
import { showToast } from '../../shared/messages/toast';
import { useCreateContextField } from '../api/use-create-context-field';
import { CONTEXT_FIELD_CREATED } from '../messages';
import { contextFieldValues } from '../rules';
import { ContextForm } from './ContextForm';
import { useContextForm } from './use-context-form';

/** /context/create: a new context field, its name checked by the server on blur and before creating. */
export default function CreateContextPage() {
  const navigate = useNavigate();
  const create = useCreateContextField();
  const form = useContextForm(contextFieldValues(), {
    editMode: false,
    checkName: useServerNameCheck('api/admin/context/validate'),
    submit: (values) => create.mutateAsync(values),
    onSaved: () => {
      showToast(CONTEXT_FIELD_CREATED, 'success');
      return navigate({ to: '/context' });
    },
  });
  return <ContextForm form={form} onCancel={() => void navigate({ to: '/context' })} />;
}
