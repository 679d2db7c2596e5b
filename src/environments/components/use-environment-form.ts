import type { EnvironmentType } from '../../../contract/environments';
import { useForm } from '../../shared/forms/use-form';
import { showToast } from '../../shared/messages/toast';
import { NAME_EMPTY, NAME_EXISTS, nameErrorMessage } from '../rules';

export interface EnvironmentFormValues {
  name: string;
  type: EnvironmentType;
}

/** A new environment's values: the type defaults to development. */
export const newEnvironmentValues = (): EnvironmentFormValues => ({ name: '', type: 'development' });

interface Options<R> {
  /** POST api/admin/environments/validate: the reason the id is refused, or undefined when it is free. */
  checkName?(name: string): Promise<string | undefined>;
  submit(values: EnvironmentFormValues): Promise<R>;
  /** After creation: the success view. */
  onSaved?(created: R): unknown;
}

/**
 * The create-environment form: the id must not be empty and is checked by the server on blur and before creating
 * (a message containing 'Environment' shows 'Name already exists').
 */
export function useEnvironmentForm<R>({ checkName, submit, onSaved }: Options<R>) {
  return useForm(newEnvironmentValues(), {
    prepare: (values) => ({ ...values, name: values.name.trim() }),
    name: { check: checkName, empty: NAME_EMPTY },
    submit,
    onSaved,
    // A taken name is the name's error; any other refusal an error toast with its text.
    failed: (error) => {
      const message = nameErrorMessage(error);
      if (message === NAME_EXISTS) return { name: message };
      showToast(message, 'error');
      return {};
    },
  });
}

export type EnvironmentForm = ReturnType<typeof useEnvironmentForm>;
