import { PasswordInput, TextInput } from '@mantine/core';
import type { GoogleSettings } from '../../../contract/sso';
import { CallbackUrl } from './CallbackUrl';
import { ProviderForm } from './ProviderForm';
import { useSsoForm } from './use-sso-form';

/** The Google tab (Google config); auto-created users get the Editor role. */
export function GoogleForm({ settings }: { settings: GoogleSettings }) {
  const form = useSsoForm('google', settings);
  return (
    <ProviderForm
      form={form}
      label="Google"
      callback={
        <CallbackUrl provider="google">
          Register Switchyard as a Google OAuth 2.0 client with this callback URL.
        </CallbackUrl>
      }
      enableDescription="Enable Google users to login. Value is ignored if Client ID and Client Secret are not defined."
      autoCreateDescription="Enable automatic creation of new users when signing in with Google."
    >
      <TextInput
        label="Client ID"
        description="(Required) The Client ID provided by Google when registering the application."
        required
        autoComplete="off"
        {...form.field('clientId')}
      />
      <PasswordInput
        label="Client Secret"
        description="(Required) Client Secret provided by Google when registering the application."
        required
        autoComplete="off"
        {...form.field('clientSecret')}
      />
      <TextInput
        label="Unleash Hostname"
        description="(Optional) The hostname Google should send the user back to; the public URL's when empty."
        {...form.field('unleashHostname')}
      />
    </ProviderForm>
  );
}
