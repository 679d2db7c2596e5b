import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { PermissionButton } from '../../auth/PermissionControls';
import type { TagType } from '../api/queries';
import type { TagForm as Form } from './use-tag-form';

interface Props {
  form: Form;
  tagTypes: TagType[];
  onCancel(): void;
}

/** /tags/create: the tag's type and value, Create and Cancel. */
export function TagForm({ form, tagTypes, onCancel }: Props) {
  const { values, errors, setField } = form;
  const types = tagTypes.some((t) => t.name === values.type) ? tagTypes : [{ name: values.type }, ...tagTypes];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={form.onSubmit} aria-label="Create tag" noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            Create tag
          </Title>
          {errors.general && (
            <Alert color="red" role="alert" variant="light">
              {errors.general}
            </Alert>
          )}
          <NativeSelect
            label="Tag type"
            value={values.type}
            data={types.map((t) => t.name)}
            onChange={(e) => setField('type', e.currentTarget.value)}
          />
          <TextInput
            label="Value"
            required
            autoComplete="off"
            placeholder="Your tag"
            value={values.value}
            error={errors.value}
            onChange={(e) => setField('value', e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <PermissionButton permission="CREATE_TAG" onlineOnly type="submit" loading={form.submitting}>
              Create
            </PermissionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
