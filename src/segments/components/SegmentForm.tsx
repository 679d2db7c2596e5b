import { NativeSelect, Stack, Text, Title } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import { FormFrame } from '../../shared/forms/FormFrame';
import { DescriptionField } from '../../shared/forms/DescriptionField';
import { NameField } from '../../shared/forms/NameField';
import { useProjects } from '../../projects/api/queries';
import { useContextFields } from '../../context/api/queries';
import { ConstraintList } from '../../strategies/components/ConstraintsEditor';
import { ALL_PROJECTS, CREATE_SEGMENT_TITLE, EDIT_SEGMENT_TITLE, SEGMENTS_INTRO } from '../messages';
import type { SegmentForm as Form } from './use-segment-form';
import '../segments.css';

interface Props {
  form: Form;
  onCancel(): void;
}

/** /segments/create and /segments/edit/{id}: name, description, project, and the constraints with their editor. */
export function SegmentForm({ form, onCancel }: Props) {
  const { values, errors, editMode } = form;
  const title = editMode ? EDIT_SEGMENT_TITLE : CREATE_SEGMENT_TITLE;
  const contextFields = useContextFields().data ?? [];
  const projects = useProjects().data ?? [];
  const projectOptions = [
    { value: '', label: ALL_PROJECTS },
    ...projects.map((p) => ({ value: p.id, label: p.name })),
    // a project the list does not have (yet) stays choosable
    ...(values.project && !projects.some((p) => p.id === values.project)
      ? [{ value: values.project, label: values.project }]
      : []),
  ];

  return (
    <FormFrame
      form={form}
      title={title}
      intro={SEGMENTS_INTRO}
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton {...button} permission={editMode ? 'UPDATE_SEGMENT' : 'CREATE_SEGMENT'} onlineOnly>
          {editMode ? 'Save' : 'Create'}
        </PermissionButton>
      )}
    >
      <NameField form={form} />
      <DescriptionField {...form.field('description')} />
      <NativeSelect
        label="Project"
        description="A segment of one project can be used only by that project's strategies."
        {...form.field('project')}
        data={projectOptions}
      />
      <Stack gap="xs" component="section" aria-labelledby="sy-segment-constraints">
        <Title order={2} size="h4" id="sy-segment-constraints">
          Constraints
        </Title>
        <Text size="sm" c="dimmed">
          A strategy that uses this segment applies only when every constraint holds.
        </Text>
        {errors.constraints && (
          <Text size="sm" c="red.8" role="alert">
            {errors.constraints}
          </Text>
        )}
        <ConstraintList
          constraints={values.constraints}
          contextFields={contextFields}
          errors={form.constraintMessages}
          onChange={form.setConstraints}
        />
      </Stack>
    </FormFrame>
  );
}
