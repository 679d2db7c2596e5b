import { useForm } from '../../../shared/forms/use-form';
import { DEFAULT_FEATURE_TYPE } from '../../api/queries';
import type { NewFeature } from '../../api/use-create-feature';
import { NAME_EMPTY } from '../../api/name-check';

export type FeatureFormValues = NewFeature;

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
  errorMessage?(error: unknown): string;
}

/** The create-toggle form: the name is checked on blur, and submit is blocked while it has an error. */
export function useFeatureForm(
  initial: FeatureFormValues,
  { checkName, validateOnSubmit, submit, errorMessage }: Options,
) {
  const form = useForm(initial, {
    prepare: (values) => ({ ...values, name: values.name.trim(), description: values.description.trim() }),
    validate: async ({ name }, errors) => ({
      name: !name ? NAME_EMPTY : validateOnSubmit ? await checkName(name) : errors.name,
    }),
    submit,
    errorMessage,
  });

  const onNameBlur = async () => {
    const name = form.values.name.trim();
    if (name !== form.values.name) form.setValues((v) => ({ ...v, name }));
    if (!name) return;
    form.setError('name', await checkName(name));
  };

  return { ...form, onNameBlur };
}

export type FeatureForm = ReturnType<typeof useFeatureForm>;
