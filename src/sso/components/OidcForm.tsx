import { PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import type { OidcSettings } from '../../../contract/sso';
import { AutoCreateFields } from './AutoCreateFields';
import { CallbackUrl } from './CallbackUrl';
import { SaveRow } from './SaveRow';
import { useSsoForm } from './use-sso-form';

/** The OpenID Connect tab (OIDC config); every field but Enable is disabled while it is off. */
export function OidcForm({ settings }: { settings: OidcSettings }) {
  const form = useSsoForm('oidc', settings);
  const { values, errors, setField } = form;
  const off = !values.enabled;
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="OpenID Connect">
      <Stack gap="md">
        <CallbackUrl provider="oidc">
          Register Switchyard with your OpenID Connect provider (Okta, Keycloak, Google, etc.) with this callback URL.
        </CallbackUrl>
        <Switch
          size="md"
          label="Enable"
          description="Enable Open Id Connect Authentication."
          checked={values.enabled}
          onChange={(e) => setField('enabled', e.currentTarget.checked)}
        />
        <TextInput
          label="Discover URL"
          description="(Required) Issuer discover metadata URL"
          required
          disabled={off}
          value={values.discoverUrl}
          error={errors.discoverUrl}
          onChange={(e) => setField('discoverUrl', e.currentTarget.value)}
        />
        <TextInput
          label="Client ID"
          description="(Required) Client ID of your OpenID application"
          required
          autoComplete="off"
          disabled={off}
          value={values.clientId}
          error={errors.clientId}
          onChange={(e) => setField('clientId', e.currentTarget.value)}
        />
        <PasswordInput
          label="Client Secret"
          description="(Required) Client secret of your OpenID application."
          required
          autoComplete="off"
          disabled={off}
          value={values.secret}
          error={errors.secret}
          onChange={(e) => setField('secret', e.currentTarget.value)}
        />
        <Switch
          size="md"
          label="Enable Single Sign-Out"
          description="Signing out of Switchyard also signs the user out of the provider."
          disabled={off}
          checked={values.enableSingleSignOut}
          onChange={(e) => setField('enableSingleSignOut', e.currentTarget.checked)}
        />
        <TextInput
          label="ACR Values"
          description="(Optional) Requested Authentication Context Class Reference values, separated by spaces."
          disabled={off}
          value={values.acrValues}
          onChange={(e) => setField('acrValues', e.currentTarget.value)}
        />
        <AutoCreateFields
          values={values}
          errors={errors}
          setField={setField}
          autoCreateDescription="Enable automatic creation of new users when signing in."
        />
        <SaveRow status={form.status} error={errors.general} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
