import { usePermission } from '../../auth/PermissionControls';
import { useForm } from '../../shared/forms/use-form';
import type { TagTypeValues } from '../rules';

interface Options {
  /** Edit mode: the name is locked and not checked. */
  editMode: boolean;
  /** POST api/admin/tag-types/validate (create mode): resolves to the server's reason, or undefined when free. */
  checkName?(name: string): Promise<string | undefined>;
  submit(values: TagTypeValues): Promise<unknown>;
  /** After a successful save: the toast and the list. */
  onSaved?(): unknown;
}

/**
 * The tag type form: the name is trimmed and checked by the server on blur and again before
 * creating (its message shown under the name), locked when editing; a failed save is the general message.
 */
export function useTagTypeForm(initial: TagTypeValues, { editMode, checkName, submit, onSaved }: Options) {
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
