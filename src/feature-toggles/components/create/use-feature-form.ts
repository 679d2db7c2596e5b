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
  /** The server's name check (useFeatureNameCheck): its reason, or undefined when the name is free. */
  checkName(name: string): Promise<string | undefined>;
  submit(values: FeatureFormValues): Promise<unknown>;
  /** After creation: the feedback prompt and the new toggle's page. */
  onSaved?(result: unknown, values: FeatureFormValues): unknown;
}

/** The create-toggle form: the name is checked on blur and again before creating; its error blocks submit. */
export function useFeatureForm(initial: FeatureFormValues, { checkName, submit, onSaved }: Options) {
  return useForm(initial, {
    prepare: (values) => ({ ...values, name: values.name.trim(), description: values.description.trim() }),
    name: { check: checkName, empty: NAME_EMPTY },
    submit,
    onSaved,
  });
}

export type FeatureForm = ReturnType<typeof useFeatureForm>;
