import type { Tag } from '../../../contract/tags';
import { useForm } from '../../shared/forms/use-form';
import { DEFAULT_TAG_TYPE } from '../rules';

interface Options {
  submit(tag: Tag): Promise<unknown>;
  /** After a successful save: the toast and the list. */
  onSaved?(): unknown;
}

/** The new-tag form: a type (simple unless chosen) and a trimmed value; a failed save is the general message. */
export function useTagForm(initial: Tag, { submit, onSaved }: Options) {
  return useForm(initial, {
    prepare: (tag) => ({ type: tag.type || DEFAULT_TAG_TYPE, value: tag.value.trim() }),
    submit,
    onSaved,
  });
}

export type TagForm = ReturnType<typeof useTagForm>;
