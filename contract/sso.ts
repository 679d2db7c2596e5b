import { Type, type Static } from 'typebox';

/** The single sign-on providers of /admin/auth and their settings calls: `api/admin/auth/{provider}/settings`. */
export const SSO_PROVIDERS = ['oidc', 'saml', 'google'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** What a stored secret is shown as; sent back unchanged, it keeps the stored secret (addons use it too). */
export const SECRET_MASK = '*****';

/** The root roles an auto-created user may get (by name, as Unleash stores them); Editor by default. */
export const SSO_ROOT_ROLES = ['Viewer', 'Editor', 'Admin'] as const;
export const SSO_DEFAULT_ROOT_ROLE = 'Editor';

const Text = (maxLength = 2000) => Type.String({ maxLength });
const RootRole = Type.Union([Type.Literal('Viewer'), Type.Literal('Editor'), Type.Literal('Admin')]);

/** OpenID Connect settings; `secret` is masked in answers. */
export const OidcSettingsSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    discoverUrl: Text(),
    clientId: Text(),
    secret: Text(),
    enableSingleSignOut: Type.Boolean(),
    acrValues: Text(),
    autoCreate: Type.Boolean(),
    defaultRootRole: RootRole,
    emailDomains: Text(),
  },
  { additionalProperties: false },
);
export type OidcSettings = Static<typeof OidcSettingsSchema>;

/** SAML 2.0 settings: certificates are public, nothing is masked. */
export const SamlSettingsSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    entityId: Text(),
    signOnUrl: Text(),
    certificate: Text(20_000),
    signOutUrl: Text(),
    spCertificate: Text(20_000),
    autoCreate: Type.Boolean(),
    defaultRootRole: RootRole,
    emailDomains: Text(),
  },
  { additionalProperties: false },
);
export type SamlSettings = Static<typeof SamlSettingsSchema>;

/** Google settings; `clientSecret` is masked in answers. Auto-created users get the Editor role. */
export const GoogleSettingsSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    clientId: Text(),
    clientSecret: Text(),
    unleashHostname: Text(),
    autoCreate: Type.Boolean(),
    emailDomains: Text(),
  },
  { additionalProperties: false },
);
export type GoogleSettings = Static<typeof GoogleSettingsSchema>;

export interface SsoSettingsOf {
  oidc: OidcSettings;
  saml: SamlSettings;
  google: GoogleSettings;
}

/** What a provider's settings are before anything was stored. */
export const EMPTY_SSO_SETTINGS: SsoSettingsOf = {
  oidc: {
    enabled: false,
    discoverUrl: '',
    clientId: '',
    secret: '',
    enableSingleSignOut: false,
    acrValues: '',
    autoCreate: false,
    defaultRootRole: SSO_DEFAULT_ROOT_ROLE,
    emailDomains: '',
  },
  saml: {
    enabled: false,
    entityId: '',
    signOnUrl: '',
    certificate: '',
    signOutUrl: '',
    spCertificate: '',
    autoCreate: false,
    defaultRootRole: SSO_DEFAULT_ROOT_ROLE,
    emailDomains: '',
  },
  google: { enabled: false, clientId: '', clientSecret: '', unleashHostname: '', autoCreate: false, emailDomains: '' },
};

/** The field each provider keeps secret. */
export const SECRET_FIELD = { oidc: 'secret', saml: undefined, google: 'clientSecret' } as const;

/** The fields a provider needs (checked when it is enabled). */
export const REQUIRED_SSO_FIELDS = {
  oidc: ['discoverUrl', 'clientId', 'secret'],
  saml: ['entityId', 'signOnUrl', 'certificate'],
  google: ['clientId', 'clientSecret'],
} as const;

export const SSO_REQUIRED = (field: string) => `"${field}" is required`;
export const SSO_EMAIL_DOMAINS_REQUIRED = '"emailDomains" is required when users are auto-created';

/**
 * What an enabled provider lacks (its required fields; with auto-create, OIDC and SAML also need
 * the e-mail domains), as [field, message], in the form's order. A disabled provider may be saved incomplete.
 */
export function ssoSettingsProblems<P extends SsoProvider>(
  provider: P,
  settings: SsoSettingsOf[P],
): [string, string][] {
  if (!settings.enabled) return [];
  const values = settings as unknown as Record<string, unknown>;
  const problems: [string, string][] = REQUIRED_SSO_FIELDS[provider]
    .filter((field) => String(values[field]).trim() === '')
    .map((field) => [field, SSO_REQUIRED(field)]);
  if (provider !== 'google' && settings.autoCreate && parseEmailDomains(settings.emailDomains).length === 0) {
    problems.push(['emailDomains', SSO_EMAIL_DOMAINS_REQUIRED]);
  }
  return problems;
}

/** 'Email domains: comma-separated list' ('@company.com, @another.com' or 'company.com'), lower case, without '@'. */
export function parseEmailDomains(value: string): string[] {
  return value
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter((d) => d !== '');
}

/** Whether an e-mail address is in one of the domains (an empty list allows every domain). */
export function emailDomainAllowed(email: string, domains: string[]): boolean {
  if (domains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}

/** `api/admin/auth/simple/settings` (Unleash's): whether the username and password sign-in is turned off. */
export const PasswordLoginSettingsSchema = Type.Object({ disabled: Type.Boolean() }, { additionalProperties: false });
export type PasswordLoginSettings = Static<typeof PasswordLoginSettingsSchema>;

export const PASSWORD_LOGIN_DISABLED = 'Logging in with username and password has been disabled.';
/** Nobody may be locked out: password login stays on while no single sign-on provider is enabled. */
export const PASSWORD_LOGIN_NEEDS_SSO =
  'Password login can only be disabled while a single sign-on provider (OpenID Connect, SAML 2.0 or Google) is enabled';
export const LAST_SSO_PROVIDER_NEEDED =
  'This is the only enabled sign-in: enable password login before disabling the last single sign-on provider';
