import { Alert, NativeSelect } from '@mantine/core';
import { ENVIRONMENT_TYPES, type EnvironmentType } from '../../../contract/environments';
import { PermissionButton } from '../../auth/PermissionControls';
import { FormFrame } from '../../shared/forms/FormFrame';
import { NameField } from '../../shared/forms/NameField';
import type { EnvironmentForm as Form } from './use-environment-form';

interface Props {
  form: Form;
  /** From SUPPORTED_ENVIRONMENTS on: how many more can be created before the limit. */
  limitWarning?: string;
  onCancel(): void;
}

/** The new environment's id and type; Create needs ADMIN and the server (offline, what was typed is kept). */
export function EnvironmentForm({ form, limitWarning, onCancel }: Props) {
  const { values, setField } = form;
  return (
    <FormFrame
      form={form}
      title="Create environment"
      frame="none"
      onCancel={onCancel}
      submit={(button) => (
        <PermissionButton {...button} permission="ADMIN" onlineOnly>
          Create environment
        </PermissionButton>
      )}
    >
      {limitWarning && (
        <Alert color="yellow" variant="light" title="Environment limit">
          {limitWarning}
        </Alert>
      )}
      <NameField
        form={form}
        label="Environment Id"
        description="Used by SDKs and API keys to name the environment; it can not be changed later."
      />
      <NativeSelect
        label="Environment type"
        value={values.type}
        data={[...ENVIRONMENT_TYPES]}
        onChange={(event) => setField('type', event.currentTarget.value as EnvironmentType)}
      />
    </FormFrame>
  );
}
