import { useState } from 'react';
import type { Constraint } from '../../../contract/constraints';
import { useForm } from '../../shared/forms/use-form';
import { constraintErrors } from '../../strategies/constraints';
import { segmentErrors, type SegmentValues } from '../rules';

interface Options {
  /** Edit mode: the segment exists (Save instead of Create). */
  editMode: boolean;
  /** POST api/admin/segments/validate: the server's reason, or undefined when the name is free. */
  checkName?(name: string): Promise<string | undefined>;
  submit(values: SegmentValues): Promise<void>;
}

/**
 * The segment form: a name, a description, the project (or all projects) and the constraints. A new name is checked by
 * the server as the field is left (not the segment's own name when editing). Each constraint's error (its operator's
 * value rule, as the server checks it) shows once a save was tried, and then as it is fixed.
 */
export function useSegmentForm(initial: SegmentValues, { editMode, checkName, submit }: Options) {
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
  const onNameBlur = async () => {
    const name = form.values.name.trim();
    if (name && name !== initial.name.trim()) form.setError('name', await checkName?.(name));
  };
  return { ...form, editMode, setConstraints, constraintMessages, onNameBlur };
}

export type SegmentForm = ReturnType<typeof useSegmentForm>;
