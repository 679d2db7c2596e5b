import { usePermission } from '../../auth/PermissionControls';
import { useForm, type RecordFormOptions } from '../../shared/forms/use-form';
import type { TagTypeValues } from '../rules';

/**
 * The tag type form: the name is trimmed and checked by the server on blur and again before
 * creating (its message shown under the name), locked when editing; a failed save is the general message.
 */
export function useTagTypeForm(
  initial: TagTypeValues,
  { editMode, checkName, submit, onSaved }: RecordFormOptions<TagTypeValues>,
) {
  const permission = editMode ? 'UPDATE_TAG_TYPE' : 'CREATE_TAG_TYPE';
  const permitted = usePermission(permission);
  const form = useForm(initial, {
    prepare: (values) => ({ name: values.name.trim(), description: values.description.trim() }),
    name: { check: checkName, locked: editMode },
    submit,
    onSaved,
  });
  return { ...form, editMode, permission, permitted } as const;
}

export type TagTypeForm = ReturnType<typeof useTagTypeForm>;
