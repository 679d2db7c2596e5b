/** The custom-strategy form's state (/strategies/create and the view's Edit tab); its values: ../definitions.ts. */
import { useForm } from '../../shared/forms/use-form';
import {
  definitionBody,
  definitionErrorMessage,
  emptyParameter,
  STRATEGY_EXISTS,
  type DefinitionFormValues,
  type ParameterDefinition,
} from '../definitions';

interface Options {
  /** Edit mode: the name is locked and not checked. */
  editMode: boolean;
  /** POST api/admin/strategies/validate: the reason the name is refused, or undefined when it is free. */
  checkName?(name: string): Promise<string | undefined>;
  submit(values: DefinitionFormValues): Promise<unknown>;
  /** After a successful save: the toast and the next page. */
  onSaved?(): unknown;
}

/** State of the custom-strategy form: the name is checked on blur and again before creating; errors block submit. */
export function useDefinitionForm(initial: DefinitionFormValues, { editMode, checkName, submit, onSaved }: Options) {
  const form = useForm(initial, {
    prepare: definitionBody,
    name: { check: checkName, locked: editMode },
    submit,
    onSaved,
    // A taken name (the create call's 409) shows under the name; any other failure as the general error.
    failed: (error) => {
      const message = definitionErrorMessage(error);
      return message === STRATEGY_EXISTS ? { name: message } : { general: message };
    },
  });
  const { values, setField } = form;

  const setParameter = (index: number, change: Partial<ParameterDefinition>) =>
    setField(
      'parameters',
      values.parameters.map((p, i) => (i === index ? { ...p, ...change } : p)),
    );
  const addParameter = () => setField('parameters', [...values.parameters, emptyParameter()]);
  const removeParameter = (index: number) =>
    setField(
      'parameters',
      values.parameters.filter((_, i) => i !== index),
    );

  return { ...form, editMode, setParameter, addParameter, removeParameter };
}

export type DefinitionForm = ReturnType<typeof useDefinitionForm>;
