import { Select, Switch, TextInput } from '@mantine/core';
import { SSO_ROOT_ROLES } from '../../../contract/sso';

/** The settings every provider has. */
export interface AutoCreateValues {
  enabled: boolean;
  autoCreate: boolean;
  emailDomains: string;
  defaultRootRole?: string;
}

interface Props<V extends AutoCreateValues> {
  values: V;
  errors: Partial<Record<keyof V | 'general', string>>;
  setField<K extends keyof V>(field: K, value: V[K]): void;
  /** The provider's words for the auto-create switch. */
  autoCreateDescription: string;
}

/**
 * Auto-create, the default root role and the e-mail domains: the role and the domains are
 * disabled unless the provider and auto-create are on; then OIDC and SAML need the domains. Google has no role.
 */
export function AutoCreateFields<V extends AutoCreateValues>({
  values,
  errors,
  setField,
  autoCreateDescription,
}: Props<V>) {
  const active = values.enabled && values.autoCreate;
  return (
    <>
      <Switch
        size="md"
        label="Auto-create users"
        description={autoCreateDescription}
        disabled={!values.enabled}
        checked={values.autoCreate}
        onChange={(e) => setField('autoCreate', e.currentTarget.checked as V['autoCreate'])}
      />
      {values.defaultRootRole !== undefined && (
        <Select
          label="Default Root Role"
          description="Choose which root role the user should get when no explicit role mapping exists."
          data={[...SSO_ROOT_ROLES]}
          allowDeselect={false}
          disabled={!active}
          value={values.defaultRootRole}
          onChange={(role) => role && setField('defaultRootRole', role as V['defaultRootRole'])}
        />
      )}
      <TextInput
        label="Email domains"
        description="Comma separated list of email domains that should be allowed to sign in."
        placeholder="@company.com, @anotherCompany.com"
        required={active && values.defaultRootRole !== undefined}
        disabled={!active}
        value={values.emailDomains}
        error={errors.emailDomains}
        onChange={(e) => setField('emailDomains', e.currentTarget.value as V['emailDomains'])}
      />
    </>
  );
}
