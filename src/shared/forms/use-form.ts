import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** A form's errors: one message per field, and `general` for a failure of the call itself. */
export type FormErrors<V> = Partial<Record<keyof V | 'general', string>>;

/** The fields of V that hold a T (the text fields, the on/off ones). */
type FieldsOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V];

/**
 * The form's name (or id) field, checked with the server as it is left and again before sending unless it shows
 * an error already (NameField draws it). It is trimmed as it is left and as it is sent; an empty one is never sent to
 * be checked.
 */
interface NameCheck<V> {
  /** Which field: 'name' unless said. */
  field?: keyof V & string;
  /** The server's check (useServerNameCheck): its reason, or undefined when the name is free or cannot be judged. */
  check?(name: string): Promise<string | undefined>;
  /** Editing: the name is locked and never checked. */
  locked?: boolean;
  /** The record's own name (editing, renamable): not checked again. */
  own?: string;
  /** An empty name's message on submit; without it, the server is asked about the empty name. */
  empty?: string;
}

interface Options<V, R> {
  /** Tidies the values before they are checked and sent (text trimmed, for instance). */
  prepare?(values: V): V;
  /** Checks the values about to be sent (`errors`: those shown now); a message for any field blocks sending. */
  validate?(values: V, errors: FormErrors<V>): FormErrors<V> | Promise<FormErrors<V>>;
  name?: NameCheck<V>;
  /** Sends the values. */
  submit(values: V): Promise<R>;
  /** What follows a successful submit (a toast, the next page); leaving no longer asks from then on. */
  onSaved?(result: R, values: V): unknown;
  /** Where a failed submit's message goes (default: the general error, with the error's message). */
  failed?(error: unknown): FormErrors<V>;
}

/** What a create or edit page gives its domain's form hook (context field, tag type, segment, strategy). */
export interface RecordFormOptions<V> {
  /** Edit mode: the record exists; its name is locked, or (a renamable one) its own name is not checked again. */
  editMode: boolean;
  /** The server's name check (create mode, useServerNameCheck): its reason, or undefined when the name is free. */
  checkName?(name: string): Promise<string | undefined>;
  submit(values: V): Promise<unknown>;
  /** After a successful save: the toast and the next page. */
  onSaved?(): unknown;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const generalError = <V>(error: unknown) => ({ general: messageOf(error) }) as FormErrors<V>;

/**
 * The domain-free half of a form: values, field errors, a general error, `dirty` (for the leave guard) and a submit
 * that checks first and shows a failure as the general error. Changing a field clears its error and the general one.
 */
export function useForm<V extends object, R = unknown>(initial: V, options: Options<V, R>) {
  const { prepare, validate, name, submit, onSaved } = options;
  const failed = options.failed ?? generalError<V>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const done = useRef(false);
  const nameField = (name?.field ?? 'name') as keyof V & string;

  const setField = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, general: undefined, [field]: undefined }));
  };

  const setError = (field: keyof V | 'general', message: string | undefined) =>
    setErrors((e) => ({ ...e, [field]: message }));

  /** Whether the name needs the server's word: not when locked, empty, or the record's own. */
  const unjudged = (value: string) => !name?.locked && value !== '' && value !== name?.own?.trim();

  const checkName = async () => {
    if (!name || name.locked) return;
    const typed = String(values[nameField] ?? '');
    const trimmed = typed.trim();
    if (trimmed !== typed) setValues((v) => ({ ...v, [nameField]: trimmed }));
    if (unjudged(trimmed)) setError(nameField, await name.check?.(trimmed));
  };

  const nameErrors = async (ready: V, shown: FormErrors<V>): Promise<FormErrors<V>> => {
    if (!name || name.locked) return {};
    const value = String(ready[nameField] ?? '');
    if (value === '' && name.empty) return { [nameField]: name.empty } as FormErrors<V>;
    if (value !== '' && !unjudged(value)) return {};
    return { [nameField]: shown[nameField] ?? (await name.check?.(value)) } as FormErrors<V>;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const prepared = prepare ? prepare(values) : values;
    const ready = name ? { ...prepared, [nameField]: String(prepared[nameField] ?? '').trim() } : prepared;
    const found = { ...(await validate?.(ready, errors)) } as FormErrors<V>;
    if (!found[nameField]) Object.assign(found, await nameErrors(ready, errors));
    if (Object.values(found).some(Boolean)) {
      setErrors((e) => ({ ...e, ...found }));
      return;
    }
    setSubmitting(true);
    try {
      const result = await submit(ready);
      done.current = true;
      await onSaved?.(result, ready);
    } catch (error) {
      setErrors((e) => ({ ...e, ...failed(error) }));
    } finally {
      setSubmitting(false);
    }
  };

  const dirty = (Object.keys(initial) as (keyof V)[]).some((key) => values[key] !== initial[key]);
  /** A text input's props (TextInput, Textarea, NativeSelect): its value, its error, and a change that sets it. */
  const field = <K extends FieldsOf<V, string>>(key: K) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => setField(key, event.currentTarget.value as V[K]),
  });
  /** An on/off input's props (Switch, Checkbox). */
  const checkbox = <K extends FieldsOf<V, boolean>>(key: K) => ({
    checked: values[key] as boolean,
    onChange: (event: { currentTarget: { checked: boolean } }) => setField(key, event.currentTarget.checked as V[K]),
  });
  const nameInput = {
    value: String(values[nameField] ?? ''),
    error: errors[nameField],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(nameField, event.currentTarget.value as V[keyof V]),
    onBlur: () => void checkName(),
  };
  return {
    values,
    errors,
    submitting,
    dirty,
    /** A submit has succeeded: leaving the page no longer asks (FormFrame's leave guard). */
    isSaved: () => done.current,
    setValues,
    setField,
    setError,
    onSubmit,
    field,
    checkbox,
    /** The name field's props (NameField). */
    nameInput,
  };
}
