import { useState } from 'react';
import type { Constraint } from '../../../contract/constraints';
import { useForm, type RecordFormOptions } from '../../shared/forms/use-form';
import { constraintErrors } from '../../strategies/constraints';
import { segmentErrors, type SegmentValues } from '../rules';

/**
 * The segment form: a name, a description, the project (or all projects) and the constraints. A new name is checked by
 * the server as the field is left (not the segment's own name when editing). Each constraint's error (its operator's
 * value rule, as the server checks it) shows once a save was tried, and then as it is fixed.
 */
export function useSegmentForm(
  initial: SegmentValues,
  { editMode, checkName, submit, onSaved }: RecordFormOptions<SegmentValues>,
) {
  const [checked, setChecked] = useState(false);
  const form = useForm(initial, {
    validate: (values) => {
      setChecked(true);
      return segmentErrors(values);
    },
    name: { check: checkName, own: editMode ? initial.name : undefined },
    submit,
    onSaved,
  });
  const setConstraints = (constraints: Constraint[]) => form.setField('constraints', constraints);
  const constraintMessages = checked ? constraintErrors(form.values.constraints) : [];
  return { ...form, editMode, setConstraints, constraintMessages };
}

export type SegmentForm = ReturnType<typeof useSegmentForm>;
