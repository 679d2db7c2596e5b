import { Alert } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import { FormFrame } from '../../shared/forms/FormFrame';
import { DescriptionField } from '../../shared/forms/DescriptionField';
import { NameField } from '../../shared/forms/NameField';
import { NO_PERMISSION_TO_SAVE, TAG_TYPES_INTRO } from '../messages';
import type { TagTypeForm as Form } from './use-tag-type-form';

interface Props {
  form: Form;
  onCancel(): void;
}

/** /tag-types/create and /tag-types/edit/{name}: name (locked when editing) and description. */
export function TagTypeForm({ form, onCancel }: Props) {
  const { editMode } = form;
  return (
    <FormFrame
      form={form}
      title={editMode ? 'Edit tag type' : 'Create tag type'}
      intro={TAG_TYPES_INTRO}
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton {...button} permission={form.permission} onlineOnly>
          {editMode ? 'Save' : 'Create'}
        </PermissionButton>
      )}
    >
      <NameField form={form} disabled={editMode} />
      <DescriptionField {...form.field('description')} />
      {!form.permitted && (
        <Alert color="yellow" variant="light">
          {NO_PERMISSION_TO_SAVE}
        </Alert>
      )}
    </FormFrame>
  );
}
