import { useForm } from '../../shared/forms/use-form';
import { NAME_EMPTY } from '../messages';
import type { Project } from '../api/queries';

/** What the project form edits and sends. */
export interface ProjectFormValues {
  id: string;
  name: string;
  description: string;
}

/** Values for a new project, or for editing `project`. */
export const projectFormValues = (project?: Project): ProjectFormValues => ({
  id: project?.id ?? '',
  name: project?.name ?? '',
  description: project?.description ?? '',
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Options {
  /**
   * Create mode: POST api/admin/projects/validate, resolving when the id is free and rejecting with the server's
   * reason. Without it the form edits an existing project: the id is locked and never checked.
   */
  validateId?(id: string): Promise<unknown>;
  submit(values: ProjectFormValues): Promise<void>;
}

/**
 * The project form (part 2 section 5): the name must not be empty ('Name can not be empty.'); in create mode the id
 * is checked by the server on blur, and again before sending when it has not been, its message shown as the id's
 * error; in edit mode the id is locked.
 */
export function useProjectForm(initial: ProjectFormValues, { validateId, submit }: Options) {
  const editMode = validateId === undefined;
  const checkId = async (id: string): Promise<string | undefined> => {
    try {
      await validateId?.(id);
      return undefined;
    } catch (error) {
      return messageOf(error);
    }
  };

  const form = useForm(initial, {
    prepare: (values) => ({ id: values.id.trim(), name: values.name.trim(), description: values.description.trim() }),
    validate: async ({ id, name }, errors) => ({
      name: name ? undefined : NAME_EMPTY,
      id: editMode ? undefined : (errors.id ?? (await checkId(id))),
    }),
    submit,
  });

  const onIdBlur = async () => {
    if (editMode) return;
    const id = form.values.id.trim();
    if (id !== form.values.id) form.setValues((v) => ({ ...v, id }));
    if (!id) return;
    form.setError('id', await checkId(id));
  };

  return { ...form, editMode, onIdBlur };
}

export type ProjectForm = ReturnType<typeof useProjectForm>;
