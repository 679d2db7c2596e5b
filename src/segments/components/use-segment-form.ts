import { useState } from 'react';
import type { Constraint } from '../../../contract/constraints';
import { useForm } from '../../shared/forms/use-form';
import { constraintErrors } from '../../strategies/constraints';
import { segmentErrors, type SegmentValues } from '../rules';

interface Options {
  /** Edit mode: the segment exists (Save instead of Create). */
  editMode: boolean;
  submit(values: SegmentValues): Promise<void>;
}

/**
 * The segment form: a name, a description, the project (or all projects) and the constraints. Each constraint's
 * error (its operator's value rule, as the server checks it) shows once a save was tried, and then as it is fixed.
 */
export function useSegmentForm(initial: SegmentValues, { editMode, submit }: Options) {
  const [checked, setChecked] = useState(false);
  const form = useForm(initial, {
    validate: (values) => {
      setChecked(true);
      return segmentErrors(values);
    },
    submit,
  });
  const setConstraints = (constraints: Constraint[]) => form.setField('constraints', constraints);
  const constraintMessages = checked ? constraintErrors(form.values.constraints) : [];
  return { ...form, editMode, setConstraints, constraintMessages };
}

export type SegmentForm = ReturnType<typeof useSegmentForm>;
