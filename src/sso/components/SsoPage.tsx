import { Alert, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { SsoProvider, SsoSettingsOf } from '../../../contract/sso';
import { AdminTabs } from '../../admin/AdminTabs';
import { useIsAdmin } from '../../auth/user';
import { useUiConfig } from '../../ui-config/api/queries';
import { useSsoSettings } from '../api/queries';
import { GoogleForm } from './GoogleForm';
import { Loaded } from './Loaded';
import { OidcForm } from './OidcForm';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SamlForm } from './SamlForm';

export const ROOT_ADMIN_ONLY = 'You need to be a root admin to access this section.';
/** The SSO page by authentication type; sign-in by a provider stands beside the password form. */
export const NEEDS_PASSWORD_SIGN_IN =
  'Single Sign-On works with the password sign-in: this instance runs with another authentication type ' +
  '(AUTH_TYPE=demo or none), so it cannot be configured here.';

const TABS: { value: SsoProvider; label: string }[] = [
  { value: 'oidc', label: 'OpenID Connect' },
  { value: 'saml', label: 'SAML 2.0' },
  { value: 'google', label: 'Google' },
];

/** A provider's stored settings, then its form (each tab reads its own settings when first opened). */
function ProviderSettings<P extends SsoProvider>({
  provider,
  children,
}: {
  provider: P;
  children(settings: SsoSettingsOf[P]): ReactNode;
}) {
  return <Loaded query={useSsoSettings(provider)}>{children}</Loaded>;
}

const FORMS: Record<SsoProvider, () => ReactNode> = {
  oidc: () => <ProviderSettings provider="oidc">{(settings) => <OidcForm settings={settings} />}</ProviderSettings>,
  saml: () => <ProviderSettings provider="saml">{(settings) => <SamlForm settings={settings} />}</ProviderSettings>,
  google: () => (
    <ProviderSettings provider="google">{(settings) => <GoogleForm settings={settings} />}</ProviderSettings>
  ),
};

/** /admin/auth: the OpenID Connect, SAML 2.0 and Google settings, admins only. */
export default function SsoPage() {
  const isAdmin = useIsAdmin();
  const authenticationType = useUiConfig().data?.authenticationType;
  const [tab, setTab] = useState<SsoProvider>('oidc');
  return (
    <Stack gap="md">
      <AdminTabs active="auth" />
      <Title order={1} size="h2">
        Single Sign-On
      </Title>
      {!isAdmin ? (
        <Alert color="red" variant="light" role="alert">
          {ROOT_ADMIN_ONLY}
        </Alert>
      ) : authenticationType !== undefined && authenticationType !== 'open-source' ? (
        <Alert color="yellow" variant="light">
          {NEEDS_PASSWORD_SIGN_IN}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
          <Tabs value={tab} onChange={(value) => value && setTab(value as SsoProvider)} keepMounted={false}>
            <Tabs.List aria-label="Single Sign-On providers" mb="md">
              {TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((t) => (
              <Tabs.Panel key={t.value} value={t.value}>
                {FORMS[t.value]()}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
      )}
      {isAdmin && authenticationType === 'open-source' && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
          <PasswordLoginForm />
        </Paper>
      )}
    </Stack>
  );
}
