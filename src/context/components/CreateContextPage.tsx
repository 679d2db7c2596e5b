import { useNavigate } from '@tanstack/react-router';
import { showToast } from '../../shared/messages/toast';
import { useCreateContextField } from '../api/use-create-context-field';
import { useValidateContextName } from '../api/use-validate-context-name';
import { CONTEXT_FIELD_CREATED } from '../messages';
import { contextFieldValues } from '../rules';
import { ContextForm } from './ContextForm';
import { useContextForm } from './use-context-form';

/** /context/create: a new context field, its name checked by the server on blur and before creating. */
export default function CreateContextPage() {
  const navigate = useNavigate();
  const validateName = useValidateContextName();
  const create = useCreateContextField();
  const form = useContextForm(contextFieldValues(), {
    editMode: false,
    checkName: (name) =>
      validateName.mutateAsync(name).then(
        () => undefined,
        (error: Error) => error.message,
      ),
    submit: async (values) => {
      await create.mutateAsync(values);
      showToast(CONTEXT_FIELD_CREATED, 'success');
      await navigate({ to: '/context' });
    },
  });
  return <ContextForm form={form} onCancel={() => void navigate({ to: '/context' })} />;
}
