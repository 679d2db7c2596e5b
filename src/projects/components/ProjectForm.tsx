import { TextInput } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import { FormFrame } from '../../shared/forms/FormFrame';
import { DescriptionField } from '../../shared/forms/DescriptionField';
import { NameField } from '../../shared/forms/NameField';
import type { ProjectForm as Form } from './use-project-form';

interface Props {
  form: Form;
  title: string;
  submitLabel: string;
  /** The title's heading level: 1 on its own page, 2 inside the project page's settings tab. */
  titleOrder?: 1 | 2;
  onCancel(): void;
}

/** The project form: Project Id (locked when editing), Name, Description, Cancel and the save button. */
export function ProjectForm({ form, title, submitLabel, titleOrder = 1, onCancel }: Props) {
  const { values, editMode } = form;
  return (
    <FormFrame
      form={form}
      title={title}
      heading={titleOrder}
      maw={720}
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton
          {...button}
          permission={editMode ? 'UPDATE_PROJECT' : 'CREATE_PROJECT'}
          project={editMode ? values.id : undefined}
          onlineOnly
        >
          {submitLabel}
        </PermissionButton>
      )}
    >
      <NameField
        form={form}
        label="Project Id"
        disabled={editMode}
        description={editMode ? 'The id of a project can not be changed.' : undefined}
      />
      <TextInput label="Name" required autoComplete="off" {...form.field('name')} />
      <DescriptionField {...form.field('description')} />
    </FormFrame>
  );
}
