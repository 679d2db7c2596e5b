import { useState, type FormEvent } from 'react';

export interface CopyValues {
  name: string;
  replaceGroupId: boolean;
}

interface Options {
  checkName(name: string): Promise<string | undefined>;
  submit(values: CopyValues): Promise<void>;
}

/** State of the copy form: a unique new name (checked against the server) and 'Replace groupId' (on by default). */
export function useCopyForm({ checkName, submit }: Options) {
  const [values, setValues] = useState<CopyValues>({ name: '', replaceGroupId: true });
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const setName = (name: string) => {
    setValues((v) => ({ ...v, name }));
    setNameError(undefined);
    setError(undefined);
  };

  const onNameBlur = async () => {
    const name = values.name.trim();
    if (name !== values.name) setValues((v) => ({ ...v, name }));
    if (name) setNameError(await checkName(name));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const name = values.name.trim();
    const problem = await checkName(name);
    setNameError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await submit({ ...values, name });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    nameError,
    error,
    submitting,
    setName,
    setReplaceGroupId: (replaceGroupId: boolean) => setValues((v) => ({ ...v, replaceGroupId })),
    onNameBlur,
    onSubmit,
  };
}
