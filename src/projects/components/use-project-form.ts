import { useForm } from '../../shared/forms/use-form';
import { NAME_EMPTY } from '../messages';
import type { ProjectFormValues } from '../rules';

interface Options {
  /**
   * Create mode: POST api/admin/projects/validate, the server's reason or undefined when the id is free. Without it
   * the form edits an existing project: the id is locked and never checked.
   */
  checkId?(id: string): Promise<string | undefined>;
  submit(values: ProjectFormValues): Promise<unknown>;
  /** After a successful save (the values sent): the project's page. */
  onSaved?(result: unknown, values: ProjectFormValues): unknown;
}

/**
 * The project form: the name must not be empty ('Name can not be empty.'); in create mode the id
 * is checked by the server on blur, and again before sending when it has not been, its message shown as the id's
 * error; in edit mode the id is locked.
 */
export function useProjectForm(initial: ProjectFormValues, { checkId, submit, onSaved }: Options) {
  const editMode = checkId === undefined;
  const form = useForm(initial, {
    prepare: (values) => ({ id: values.id.trim(), name: values.name.trim(), description: values.description.trim() }),
    validate: ({ name }) => ({ name: name ? undefined : NAME_EMPTY }),
    name: { field: 'id', check: checkId, locked: editMode },
    submit,
    onSaved,
  });
  return { ...form, editMode };
}

export type ProjectForm = ReturnType<typeof useProjectForm>;
