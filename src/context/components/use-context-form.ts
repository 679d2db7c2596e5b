import { useState } from 'react';
import { useForm, type RecordFormOptions } from '../../shared/forms/use-form';
import { addLegalValue, type ContextFieldValues } from '../rules';

/**
 * The context field form: the name is checked by the server on blur and again before
 * creating, locked when editing; legal values are added one by one, kept sorted, a duplicate refused.
 */
export function useContextForm(
  initial: ContextFieldValues,
  { editMode, checkName, submit, onSaved }: RecordFormOptions<ContextFieldValues>,
) {
  const form = useForm(initial, {
    prepare: (values) => ({ ...values, name: values.name.trim(), description: values.description.trim() }),
    name: { check: checkName, locked: editMode },
    submit,
    onSaved,
  });
  const [legalValue, setLegalValueText] = useState('');
  const [legalValueError, setLegalValueError] = useState<string>();

  const setLegalValue = (text: string) => {
    setLegalValueText(text);
    setLegalValueError(undefined);
  };

  const onAddLegalValue = () => {
    const added = addLegalValue(form.values.legalValues, legalValue);
    if (added.error) return setLegalValueError(added.error);
    form.setField('legalValues', added.values);
    setLegalValueText('');
  };

  const removeLegalValue = (value: string) =>
    form.setField(
      'legalValues',
      form.values.legalValues.filter((v) => v !== value),
    );

  return { ...form, editMode, legalValue, legalValueError, setLegalValue, onAddLegalValue, removeLegalValue };
}

export type ContextForm = ReturnType<typeof useContextForm>;
