import { Textarea, TextInput } from '@mantine/core';
import type { SamlSettings } from '../../../contract/sso';
import { CallbackUrl } from './CallbackUrl';
import { ProviderForm } from './ProviderForm';
import { useSsoForm } from './use-sso-form';

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } };

/** The SAML 2.0 tab (SAML config). */
export function SamlForm({ settings }: { settings: SamlSettings }) {
  const form = useSsoForm('saml', settings);
  const off = !form.values.enabled;
  return (
    <ProviderForm
      form={form}
      label="SAML 2.0"
      callback={
        <CallbackUrl provider="saml">
          Register Switchyard with your SAML 2.0 provider (Okta, Keycloak, etc.) with this assertion consumer (callback)
          URL; its entity id is the public URL.
        </CallbackUrl>
      }
      enableDescription="Enable SAML 2.0 Authentication."
      autoCreateDescription="Enable automatic creation of new users when signing in with Saml."
    >
      <TextInput
        label="Entity ID"
        description="(Required) The Entity Identity provider issuer."
        required
        disabled={off}
        {...form.field('entityId')}
      />
      <TextInput
        label="Single Sign-On URL"
        description="(Required) The url to redirect the user to for signing in."
        required
        disabled={off}
        {...form.field('signOnUrl')}
      />
      <Textarea
        label="X.509 Certificate"
        description="(Required) The certificate used to sign the SAML 2.0 request."
        required
        disabled={off}
        autosize
        minRows={6}
        maxRows={14}
        styles={mono}
        {...form.field('certificate')}
      />
      <TextInput
        label="Single Sign-Out URL"
        description="(Optional) The url to redirect the user to for signing out of the IDP."
        disabled={off}
        {...form.field('signOutUrl')}
      />
      <Textarea
        label="Service Provider X.509 Certificate"
        description="(Optional) The public certificate of this service provider, when the IDP asks for one."
        disabled={off}
        autosize
        minRows={3}
        maxRows={14}
        styles={mono}
        {...form.field('spCertificate')}
      />
    </ProviderForm>
  );
}
