import { useState, type FormEvent } from 'react';
import { DEFAULT_FEATURE_TYPE } from '../api/queries';
import type { NewFeature } from '../api/use-create-feature';
import { NAME_EMPTY } from '../name-check';

export type FeatureFormValues = NewFeature;

export interface FeatureFormErrors {
  name?: string;
  /** A failure of the create call itself. */
  general?: string;
}

/** Initial values from the route's project and optional query parameters. */
export function initialValues(projectId: string, search: Partial<FeatureFormValues>): FeatureFormValues {
  return {
    name: search.name ?? '',
    type: search.type ?? DEFAULT_FEATURE_TYPE,
    project: search.project ?? projectId,
    description: search.description ?? '',
    enabled: search.enabled ?? false,
  };
}

interface Options {
  /** Server name check; resolves to an error message or undefined. */
  checkName(name: string): Promise<string | undefined>;
  /** The new form checks the name again on submit; the classic one relies on the check on blur. */
  validateOnSubmit: boolean;
  submit(values: FeatureFormValues): Promise<void>;
  errorMessage(error: unknown): string;
}

/** State and validation of the create-toggle form: the name is checked on blur, submit is blocked while errors exist. */
export function useFeatureForm(initial: FeatureFormValues, { checkName, validateOnSubmit, submit, errorMessage }: Options) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FeatureFormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const setField = <K extends keyof FeatureFormValues>(field: K, value: FeatureFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, general: undefined, ...(field === 'name' ? { name: undefined } : {}) }));
  };

  const onNameBlur = async () => {
    const name = values.name.trim();
    if (name !== values.name) setValues((v) => ({ ...v, name }));
    if (!name) return;
    const error = await checkName(name);
    setErrors((e) => ({ ...e, name: error }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const trimmed = { ...values, name: values.name.trim(), description: values.description.trim() };
    let nameError = errors.name;
    if (!trimmed.name) nameError = NAME_EMPTY;
    else if (validateOnSubmit) nameError = await checkName(trimmed.name);
    if (nameError) {
      setErrors((e) => ({ ...e, name: nameError }));
      return;
    }
    setSubmitting(true);
    try {
      await submit(trimmed);
    } catch (error) {
      setErrors((e) => ({ ...e, general: errorMessage(error) }));
    } finally {
      setSubmitting(false);
    }
  };

  const dirty = (Object.keys(initial) as (keyof FeatureFormValues)[]).some((key) => values[key] !== initial[key]);
  return { values, errors, submitting, dirty, setField, onNameBlur, onSubmit };
}

export type FeatureForm = ReturnType<typeof useFeatureForm>;
