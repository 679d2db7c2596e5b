import { useForm } from '../../../shared/forms/use-form';

export interface CopyValues {
  name: string;
  replaceGroupId: boolean;
}

interface Options {
  checkName(name: string): Promise<string | undefined>;
  submit(values: CopyValues): Promise<void>;
}

/** The copy form: a unique new name (checked against the server on blur and on submit) and 'Replace groupId' (on). */
export function useCopyForm({ checkName, submit }: Options) {
  const form = useForm<CopyValues>(
    { name: '', replaceGroupId: true },
    {
      prepare: (values) => ({ ...values, name: values.name.trim() }),
      validate: async ({ name }) => ({ name: await checkName(name) }),
      submit,
    },
  );

  const onNameBlur = async () => {
    const name = form.values.name.trim();
    if (name !== form.values.name) form.setValues((v) => ({ ...v, name }));
    if (name) form.setError('name', await checkName(name));
  };

  return { ...form, onNameBlur };
}
