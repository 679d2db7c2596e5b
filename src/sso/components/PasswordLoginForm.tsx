import { Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PasswordLoginSettings } from '../../../contract/sso';
import { useForm } from '../../shared/forms/use-form';
import { usePasswordLogin } from '../api/queries';
import { useSavePasswordLogin } from '../api/use-save-password-login';
import { SaveRow } from './SaveRow';
import { SAVED, SAVED_CLEARS_AFTER_MS, SAVING } from './use-sso-form';

function Form({ settings }: { settings: PasswordLoginSettings }) {
  const save = useSavePasswordLogin();
  const [status, setStatus] = useState('');
  const clear = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clear.current), []);
  const form = useForm<PasswordLoginSettings>(settings, {
    submit: async (values) => {
      clearTimeout(clear.current);
      setStatus(SAVING);
      try {
        form.setValues(await save.mutateAsync(values));
      } catch (error) {
        setStatus('');
        throw error;
      }
      setStatus(SAVED);
      clear.current = setTimeout(() => setStatus(''), SAVED_CLEARS_AFTER_MS);
    },
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
  const settings = usePasswordLogin();
  if (settings.isPending) return <Loader aria-label="Loading settings" />;
  if (settings.isError) {
    return (
      <Text c="red.8" role="alert">
        {settings.error.message}
      </Text>
    );
  }
  return <Form settings={settings.data} />;
}
