import { useForm } from '../../../shared/forms/use-form';
import { NAME_EMPTY } from '../../api/name-check';

export interface CopyValues {
  name: string;
  replaceGroupId: boolean;
}

interface Options {
  /** The server's name check (useFeatureNameCheck): its reason, or undefined when the name is free. */
  checkName(name: string): Promise<string | undefined>;
  submit(values: CopyValues): Promise<unknown>;
  /** After the copy is made: its page. */
  onSaved?(result: unknown, values: CopyValues): unknown;
}

/** The copy form: a unique new name (checked against the server on blur and on submit) and 'Replace groupId' (on). */
export function useCopyForm({ checkName, submit, onSaved }: Options) {
  return useForm<CopyValues>(
    { name: '', replaceGroupId: true },
    {
      prepare: (values) => ({ ...values, name: values.name.trim() }),
      name: { check: checkName, empty: NAME_EMPTY },
      submit,
      onSaved,
    },
  );
}
