import { NativeSelect, TextInput } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import { FormFrame } from '../../shared/forms/FormFrame';
import type { TagType } from '../rules';
import type { TagForm as Form } from './use-tag-form';

interface Props {
  form: Form;
  tagTypes: TagType[];
  onCancel(): void;
}

/** /tags/create: the tag's type and value, Create and Cancel. */
export function TagForm({ form, tagTypes, onCancel }: Props) {
  const { values } = form;
  const types = tagTypes.some((t) => t.name === values.type) ? tagTypes : [{ name: values.type }, ...tagTypes];
  return (
    <FormFrame
      form={form}
      title="Create tag"
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton {...button} permission="CREATE_TAG" onlineOnly>
          Create
        </PermissionButton>
      )}
    >
      <NativeSelect label="Tag type" {...form.field('type')} data={types.map((t) => t.name)} />
      <TextInput label="Value" required autoComplete="off" placeholder="Your tag" {...form.field('value')} />
    </FormFrame>
  );
}
