import { Alert, Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
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
  const { values, errors, setField, editMode } = form;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={form.onSubmit} aria-label={title} noValidate>
        <Stack gap="md">
          <Title order={titleOrder} size="h2">
            {title}
          </Title>
          {errors.general && (
            <Alert color="red" role="alert" variant="light">
              {errors.general}
            </Alert>
          )}
          <TextInput
            label="Project Id"
            required
            autoComplete="off"
            value={values.id}
            disabled={editMode}
            description={editMode ? 'The id of a project can not be changed.' : undefined}
            error={errors.id}
            onChange={(e) => setField('id', e.currentTarget.value)}
            onBlur={() => void form.onIdBlur()}
          />
          <TextInput
            label="Name"
            required
            autoComplete="off"
            value={values.name}
            error={errors.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={values.description}
            onChange={(e) => setField('description', e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <PermissionButton
              permission={editMode ? 'UPDATE_PROJECT' : 'CREATE_PROJECT'}
              project={editMode ? values.id : undefined}
              type="submit"
              onlineOnly
              loading={form.submitting}
            >
              {submitLabel}
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
