import { PasswordInput, Switch, TextInput } from '@mantine/core';
import type { OidcSettings } from '../../../contract/sso';
import { CallbackUrl } from './CallbackUrl';
import { ProviderForm } from './ProviderForm';
import { useSsoForm } from './use-sso-form';

/** The OpenID Connect tab (OIDC config); every field but Enable is disabled while it is off. */
export function OidcForm({ settings }: { settings: OidcSettings }) {
  const form = useSsoForm('oidc', settings);
  const off = !form.values.enabled;
  return (
    <ProviderForm
      form={form}
      label="OpenID Connect"
      callback={
        <CallbackUrl provider="oidc">
          Register Switchyard with your OpenID Connect provider (Okta, Keycloak, Google, etc.) with this callback URL.
        </CallbackUrl>
      }
      enableDescription="Enable Open Id Connect Authentication."
      autoCreateDescription="Enable automatic creation of new users when signing in."
    >
      <TextInput
        label="Discover URL"
        description="(Required) Issuer discover metadata URL"
        required
        disabled={off}
        {...form.field('discoverUrl')}
      />
      <TextInput
        label="Client ID"
        description="(Required) Client ID of your OpenID application"
        required
        autoComplete="off"
        disabled={off}
        {...form.field('clientId')}
      />
      <PasswordInput
        label="Client Secret"
        description="(Required) Client secret of your OpenID application."
        required
        autoComplete="off"
        disabled={off}
        {...form.field('secret')}
      />
      <Switch
        size="md"
        label="Enable Single Sign-Out"
        description="Signing out of Switchyard also signs the user out of the provider."
        disabled={off}
        {...form.checkbox('enableSingleSignOut')}
      />
      <TextInput
        label="ACR Values"
        description="(Optional) Requested Authentication Context Class Reference values, separated by spaces."
        disabled={off}
        {...form.field('acrValues')}
      />
    </ProviderForm>
  );
}
