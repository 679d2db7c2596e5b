import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import { NO_PERMISSION_TO_SAVE } from '../messages';
import type { TagTypeForm as Form } from './use-tag-type-form';

interface Props {
  form: Form;
  onCancel(): void;
}

/** /tag-types/create and /tag-types/edit/{name}: name (locked when editing) and description. */
export function TagTypeForm({ form, onCancel }: Props) {
  const { values, errors, editMode, setField } = form;
  const title = editMode ? 'Edit tag type' : 'Create tag type';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={form.onSubmit} aria-label={title} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            Tag types let you group tags: a toggle's tags each have a type and a value, and the feature list can be
            filtered by them.
          </Text>
          {errors.general && (
            <Alert color="red" role="alert" variant="light">
              {errors.general}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            autoComplete="off"
            disabled={editMode}
            value={values.name}
            error={errors.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
            onBlur={form.onNameBlur}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={values.description}
            onChange={(e) => setField('description', e.currentTarget.value)}
          />
          {!form.permitted && (
            <Alert color="yellow" variant="light">
              {NO_PERMISSION_TO_SAVE}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <PermissionButton permission={form.permission} onlineOnly type="submit" loading={form.submitting}>
              {editMode ? 'Save' : 'Create'}
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
