import { useState, type FormEvent } from 'react';

/** A form's errors: one message per field, and `general` for a failure of the call itself. */
export type FormErrors<V> = Partial<Record<keyof V | 'general', string>>;

interface Options<V> {
  /** Tidies the values before they are checked and sent (text trimmed, for instance). */
  prepare?(values: V): V;
  /** Checks the values about to be sent (`errors`: those shown now); a message for any field blocks sending. */
  validate?(values: V, errors: FormErrors<V>): FormErrors<V> | Promise<FormErrors<V>>;
  submit(values: V): Promise<void>;
  /** The general message for a failed submit (default: the error's message). */
  errorMessage?(error: unknown): string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The domain-free half of a form: values, field errors, a general error, `dirty` (for the leave guard) and a submit
 * that checks first and shows a failure as the general error. Changing a field clears its error and the general one.
 */
export function useForm<V extends object>(
  initial: V,
  { prepare, validate, submit, errorMessage = messageOf }: Options<V>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [submitting, setSubmitting] = useState(false);

  const setField = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, general: undefined, [field]: undefined }));
  };

  const setError = (field: keyof V | 'general', message: string | undefined) =>
    setErrors((e) => ({ ...e, [field]: message }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const ready = prepare ? prepare(values) : values;
    const found = (await validate?.(ready, errors)) ?? {};
    if (Object.values(found).some(Boolean)) {
      setErrors((e) => ({ ...e, ...found }));
      return;
    }
    setSubmitting(true);
    try {
      await submit(ready);
    } catch (error) {
      setError('general', errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const dirty = (Object.keys(initial) as (keyof V)[]).some((key) => values[key] !== initial[key]);
  return { values, errors, submitting, dirty, setValues, setField, setError, onSubmit };
}
