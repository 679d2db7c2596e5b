/** The custom-strategy form's state (/strategies/create and the view's Edit tab); its values: ../definitions.ts. */
import { useForm, type RecordFormOptions } from '../../shared/forms/use-form';
import {
  definitionBody,
  definitionErrorMessage,
  emptyParameter,
  STRATEGY_EXISTS,
  type DefinitionFormValues,
  type ParameterDefinition,
} from '../definitions';

/** State of the custom-strategy form: the name is checked on blur and again before creating; errors block submit. */
export function useDefinitionForm(
  initial: DefinitionFormValues,
  { editMode, checkName, submit, onSaved }: RecordFormOptions<DefinitionFormValues>,
) {
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
