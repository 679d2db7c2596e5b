import type { EnvironmentType } from '../../../contract/environments';
import { useForm } from '../../shared/forms/use-form';
import { showToast } from '../../shared/messages/toast';
import { NAME_EMPTY, NAME_EXISTS, nameErrorMessage } from '../rules';

export interface EnvironmentFormValues {
  name: string;
  type: EnvironmentType;
}

/** A new environment's values: the type defaults to development (part 2 section 5). */
export const newEnvironmentValues = (): EnvironmentFormValues => ({ name: '', type: 'development' });

interface Options {
  /** POST api/admin/environments/validate: resolves when the name is free, rejects with the reason. */
  validateName(name: string): Promise<unknown>;
  /** Whether the server can be asked (offline the check waits for the submit, which waits for the connection). */
  online: boolean;
  submit(values: EnvironmentFormValues): Promise<void>;
}

/**
 * The create-environment form: the id must not be empty and is checked by the server on blur and before creating
 * (a message containing 'Environment' shows 'Name already exists').
 */
export function useEnvironmentForm({ validateName, online, submit }: Options) {
  const checkName = async (name: string): Promise<string | undefined> => {
    if (!name) return NAME_EMPTY;
    try {
      await validateName(name);
      return undefined;
    } catch (error) {
      return nameErrorMessage(error);
    }
  };

  const form = useForm(newEnvironmentValues(), {
    prepare: (values) => ({ ...values, name: values.name.trim() }),
    validate: async ({ name }) => ({ name: await checkName(name) }),
    // A taken name is the name's error; any other refusal an error toast with its text (part 2 section 8).
    submit: async (values) => {
      try {
        await submit(values);
      } catch (error) {
        const message = nameErrorMessage(error);
        if (message === NAME_EXISTS) form.setError('name', message);
        else showToast(message, 'error');
      }
    },
  });

  const onNameBlur = async () => {
    const name = form.values.name.trim();
    if (name !== form.values.name) form.setValues((v) => ({ ...v, name }));
    if (!name || !online) return;
    form.setError('name', await checkName(name));
  };

  return { ...form, onNameBlur };
}

export type EnvironmentForm = ReturnType<typeof useEnvironmentForm>;
