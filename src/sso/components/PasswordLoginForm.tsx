import { Stack, Switch, Title } from '@mantine/core';
import type { PasswordLoginSettings } from '../../../contract/sso';
import { useForm } from '../../shared/forms/use-form';
import { usePasswordLogin } from '../api/queries';
import { useSavePasswordLogin } from '../api/use-save-password-login';
import { Loaded } from './Loaded';
import { SaveRow } from './SaveRow';
import { useSaveStatus } from './use-sso-form';

function Form({ settings }: { settings: PasswordLoginSettings }) {
  const save = useSavePasswordLogin();
  const { status, saving } = useSaveStatus();
  const form = useForm<PasswordLoginSettings>(settings, {
    submit: (values) =>
      saving(async () => {
        form.setValues(await save.mutateAsync(values));
      }),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Password login">
      <Stack gap="md">
        <Title order={2} size="h4">
          Password login
        </Title>
        <Switch
          size="md"
          label="Allow users to sign in with username and password"
          description="Turn it off only when a single sign-on provider is enabled: the login page then shows its buttons only."
          checked={!form.values.disabled}
          onChange={(e) => form.setField('disabled', !e.currentTarget.checked)}
        />
        <SaveRow status={status} error={form.errors.general} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

/** The password sign-in's switch (Unleash's api/admin/auth/simple/settings), below the providers' tabs. */
export function PasswordLoginForm() {
  return <Loaded query={usePasswordLogin()}>{(settings) => <Form settings={settings} />}</Loaded>;
}
