/** The custom-strategy form's state (/strategies/create and the view's Edit tab); its values: ../definitions.ts. */
import { useState, type FormEvent } from 'react';
import {
  definitionBody,
  definitionErrorMessage,
  emptyParameter,
  STRATEGY_EXISTS,
  type DefinitionFormErrors,
  type DefinitionFormValues,
  type ParameterDefinition,
} from '../definitions';

interface Options {
  /** Edit mode: the name is locked and not checked. */
  editMode: boolean;
  /** POST api/admin/strategies/validate: resolves when the name is free, rejects with the reason. */
  validateName(name: string): Promise<void>;
  submit(values: DefinitionFormValues): Promise<void>;
}

/** State of the custom-strategy form: the name is checked on blur and again before creating; errors block submit. */
export function useDefinitionForm(initial: DefinitionFormValues, { editMode, validateName, submit }: Options) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DefinitionFormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const checkName = async (name: string): Promise<string | undefined> => {
    try {
      await validateName(name);
      return undefined;
    } catch (error) {
      return definitionErrorMessage(error);
    }
  };

  const setName = (name: string) => {
    setValues((v) => ({ ...v, name: name.trim() }));
    setErrors({});
  };

  const setDescription = (description: string) => {
    setValues((v) => ({ ...v, description }));
    setErrors((e) => ({ ...e, general: undefined }));
  };

  const setParameter = (index: number, change: Partial<ParameterDefinition>) => {
    setValues((v) => ({ ...v, parameters: v.parameters.map((p, i) => (i === index ? { ...p, ...change } : p)) }));
    setErrors((e) => ({ ...e, general: undefined }));
  };

  const addParameter = () => setValues((v) => ({ ...v, parameters: [...v.parameters, emptyParameter()] }));

  const removeParameter = (index: number) =>
    setValues((v) => ({ ...v, parameters: v.parameters.filter((_, i) => i !== index) }));

  const onNameBlur = async () => {
    if (editMode || !values.name) return;
    const error = await checkName(values.name);
    setErrors((e) => ({ ...e, name: error }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const body = definitionBody(values);
    const nameError = editMode ? undefined : (errors.name ?? (await checkName(body.name)));
    if (nameError) {
      setErrors((e) => ({ ...e, name: nameError }));
      return;
    }
    setSubmitting(true);
    try {
      await submit(body);
    } catch (error) {
      const message = definitionErrorMessage(error);
      setErrors((e) => (message === STRATEGY_EXISTS ? { ...e, name: message } : { ...e, general: message }));
    } finally {
      setSubmitting(false);
    }
  };

  const dirty = JSON.stringify(definitionBody(values)) !== JSON.stringify(definitionBody(initial));
  return {
    values,
    errors,
    submitting,
    dirty,
    editMode,
    setName,
    setDescription,
    setParameter,
    addParameter,
    removeParameter,
    onNameBlur,
    onSubmit,
  };
}

export type DefinitionForm = ReturnType<typeof useDefinitionForm>;
