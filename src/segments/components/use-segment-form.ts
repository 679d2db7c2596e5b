import { useState } from 'react';
import type { Constraint } from '../../../contract/constraints';
import { useForm } from '../../shared/forms/use-form';
import { constraintErrors } from '../../strategies/constraints';
import { segmentErrors, type SegmentValues } from '../rules';

interface Options {
  /** Edit mode: the segment exists (Save instead of Create); its own name is not checked again. */
  editMode: boolean;
  /** POST api/admin/segments/validate: the server's reason, or undefined when the name is free. */
  checkName?(name: string): Promise<string | undefined>;
  submit(values: SegmentValues): Promise<unknown>;
  /** After a successful save: the toast and the list. */
  onSaved?(): unknown;
}

/**
 * The segment form: a name, a description, the project (or all projects) and the constraints. A new name is checked by
 * the server as the field is left (not the segment's own name when editing). Each constraint's error (its operator's
 * value rule, as the server checks it) shows once a save was tried, and then as it is fixed.
 */
export function useSegmentForm(initial: SegmentValues, { editMode, checkName, submit, onSaved }: Options) {
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
