import { Loader, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { CreateTokenInput } from '../../../contract/api-tokens';
import { PermissionButton } from '../../auth/PermissionControls';
import { useEnvironments } from '../../environments/api/queries';
import { useProjects } from '../../projects/api/queries';
import { DialogForm } from '../../shared/forms/DialogForm';
import { Dialog } from '../../shared/ui/Dialog';
import { useUiConfig } from '../../ui-config/api/queries';
import { FRONTEND_TOKEN_HINT } from '../messages';
import { ALL, dayOf, TOKEN_TYPES, type TokenType } from '../rules';
import { useApiTokenForm } from './use-api-token-form';
import '@mantine/core/styles/SegmentedControl.css';

interface Props {
  onCreate(token: CreateTokenInput): Promise<void>;
  onClose(): void;
}

function TokenForm({
  firstEnvironment,
  environments,
  onCreate,
  onClose,
}: Props & {
  firstEnvironment: string | undefined;
  environments: string[];
}) {
  const form = useApiTokenForm({ firstEnvironment, submit: onCreate });
  const projects = useProjects().data ?? [];
  const environmentsShown = useUiConfig().data?.flags.E !== false;
  const { values, errors } = form;
  const isAdminToken = values.type === 'admin';
  const scope = (what: string) => (isAdminToken ? `An admin token is for ${what}.` : undefined);
  return (
    <DialogForm
      onSubmit={(event) => void form.onSubmit(event)}
      error={errors.general}
      onCancel={onClose}
      submit={
        <PermissionButton type="submit" permission="CREATE_API_TOKEN" onlineOnly loading={form.submitting}>
          Create
        </PermissionButton>
      }
    >
      <TextInput
        label="Username"
        description="Who or what uses the token, e.g. the application's name."
        required
        {...form.field('username')}
        data-autofocus
      />
      <Stack gap={4}>
        <Text component="label" id="sy-token-type" size="sm" fw={500}>
          Token type
        </Text>
        <SegmentedControl
          aria-labelledby="sy-token-type"
          className="sy-token-type"
          data={TOKEN_TYPES}
          value={values.type}
          onChange={(type) => form.setType(type as TokenType)}
        />
        {values.type === 'frontend' && (
          <Text size="sm" c="dimmed">
            {FRONTEND_TOKEN_HINT}
          </Text>
        )}
      </Stack>
      <NativeSelect
        label="Project"
        {...form.field('project')}
        disabled={isAdminToken}
        description={scope('every project')}
        data={[{ value: ALL, label: 'ALL' }, ...projects.map((p) => ({ value: p.id, label: p.name || p.id }))]}
      />
      {environmentsShown && (
        <NativeSelect
          label="Environment"
          {...form.field('environment')}
          disabled={isAdminToken}
          description={scope('every environment')}
          data={isAdminToken ? [{ value: ALL, label: 'ALL' }] : environments}
        />
      )}
      <TextInput
        type="date"
        label="Expires on (optional)"
        description="The token stops working after this day. Leave empty for a token that never expires."
        min={dayOf(new Date().toISOString())}
        {...form.field('expiresOn')}
      />
    </DialogForm>
  );
}

/** 'Create new API token': the form once the environments are known (its default). */
export function CreateApiTokenDialog({ onCreate, onClose }: Props) {
  const environments = useEnvironments();
  const names = environments.data?.map((e) => e.name);
  return (
    <Dialog title="Create new API token" onClose={onClose}>
      {names ? (
        <TokenForm firstEnvironment={names[0]} environments={names} onCreate={onCreate} onClose={onClose} />
      ) : environments.isError ? (
        <Text c="red.8" role="alert">
          {environments.error.message}
        </Text>
      ) : (
        <Loader aria-label="Loading environments" />
      )}
    </Dialog>
  );
}
