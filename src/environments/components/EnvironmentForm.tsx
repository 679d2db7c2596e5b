import { Alert, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { ENVIRONMENT_TYPES, type EnvironmentType } from '../../../contract/environments';
import { PermissionButton } from '../../auth/PermissionControls';
import type { EnvironmentForm as Form } from './use-environment-form';

interface Props {
  form: Form;
  /** From SUPPORTED_ENVIRONMENTS on: how many more can be created before the limit. */
  limitWarning?: string;
  onCancel(): void;
}

const TITLE = 'Create environment';

/** The new environment's id and type; Create needs ADMIN and the server (offline, what was typed is kept). */
export function EnvironmentForm({ form, limitWarning, onCancel }: Props) {
  const { values, errors, setField } = form;
  return (
    <form onSubmit={form.onSubmit} aria-label={TITLE} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        {limitWarning && (
          <Alert color="yellow" variant="light" title="Environment limit">
            {limitWarning}
          </Alert>
        )}
        <TextInput
          label="Environment Id"
          description="Used by SDKs and API keys to name the environment; it can not be changed later."
          required
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(event) => setField('name', event.currentTarget.value)}
          onBlur={() => void form.onNameBlur()}
        />
        <NativeSelect
          label="Environment type"
          value={values.type}
          data={[...ENVIRONMENT_TYPES]}
          onChange={(event) => setField('type', event.currentTarget.value as EnvironmentType)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <PermissionButton type="submit" permission="ADMIN" onlineOnly loading={form.submitting}>
            Create environment
          </PermissionButton>
        </Group>
      </Stack>
    </form>
  );
}
