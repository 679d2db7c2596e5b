import { randomUUID } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { SamlSettings } from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import type { ExternalIdentity } from '../users/index.ts';
import { SignInRefused } from './sign-in.ts';
import { claimSamlAssertion } from './store.ts';

/** An authentication request this server made. */
export interface SamlRequest {
  id: string;
  issued: string;
}

/** The service provider's callback (Assertion Consumer Service, HTTP-POST binding). */
export const samlCallbackUrl = (deps: AppDeps) => `${deps.config.unleashUrl}/auth/saml/callback`;

/**
 * The one request a response may answer: node-saml asks its cache whether an InResponseTo was issued; here the
 * request's id and time (ISO, as node-saml keeps it) come back in the signed RelayState (server/sso/flow-cookie.ts),
 * so no process has to remember it. A replayed response is refused by its assertion's ID (samlIdentity).
 */
function oneRequest(request: SamlRequest): CacheProvider {
  return {
    saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) => (key === request.id ? request.issued : null),
    removeAsync: async (key) => key,
  };
}

/**
 * node-saml for the stored settings: the identity provider is `entityId` (its issuer), `signOnUrl` and
 * `certificate` (which must have signed the assertion); this server is the service provider named by its public
 * URL. Responses must answer `request` (InResponseTo).
 */
function samlOf(deps: AppDeps, settings: SamlSettings, request: SamlRequest) {
  return new SAML({
    entryPoint: settings.signOnUrl,
    issuer: deps.config.unleashUrl,
    idpIssuer: settings.entityId,
    idpCert: settings.certificate,
    callbackUrl: samlCallbackUrl(deps),
    audience: false,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: oneRequest(request),
    generateUniqueId: () => request.id,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });
}

/** A new authentication request (its id an XML ID, which must not start with a digit). */
export const newSamlRequest = (): SamlRequest => ({ id: `_${randomUUID()}`, issued: new Date().toISOString() });

/** The identity provider's sign-in page (HTTP-Redirect binding) for `request`. */
export async function samlAuthorizationUrl(
  deps: AppDeps,
  settings: SamlSettings,
  request: SamlRequest,
  relayState: string,
): Promise<string> {
  try {
    return await samlOf(deps, settings, request).getAuthorizeUrlAsync(relayState, undefined, {});
  } catch (error) {
    throw new SignInRefused(`Could not start the SAML sign-in: ${(error as Error).message}`);
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The e-mail and name of a profile: the `email` (or `mail`) attribute, else a NameID that is an address. */
function identityOf(profile: Profile): ExternalIdentity {
  const email =
    text(profile.email) ?? text(profile.mail) ?? (profile.nameID.includes('@') ? profile.nameID : undefined);
  if (!email) throw new SignInRefused('The SAML response gave no e-mail address');
  const full = [text(profile.firstName), text(profile.lastName)].filter(Boolean).join(' ');
  return { email, name: text(profile.displayName) ?? (full || undefined) };
}

/** When an assertion stops being accepted: the latest NotOnOrAfter of its conditions and subject confirmations. */
function assertionExpiry(profile: Profile): Date | undefined {
  type Node = { $?: Record<string, string> } & Record<string, Node[] | undefined>;
  const assertion = (profile.getAssertion?.() as { Assertion?: Node } | undefined)?.Assertion;
  const limits = [
    ...(assertion?.Conditions ?? []),
    ...(assertion?.Subject ?? []).flatMap((subject) =>
      (subject.SubjectConfirmation ?? []).flatMap((confirmation) => confirmation.SubjectConfirmationData ?? []),
    ),
  ]
    .map((node) => Date.parse(node.$?.NotOnOrAfter ?? ''))
    .filter((time) => !Number.isNaN(time));
  return limits.length ? new Date(Math.max(...limits)) : undefined;
}

/**
 * The callback: the response's signature is checked against the configured certificate, its issuer, time limits
 * and InResponseTo (`request`); anything wrong is a refusal with node-saml's reason. Each assertion signs in once:
 * its ID is kept until it expires (its NotOnOrAfter, else `answerableUntil`, when the RelayState runs out), and a
 * response carrying it again is refused.
 */
export async function samlIdentity(
  deps: AppDeps,
  settings: SamlSettings,
  samlResponse: string,
  request: SamlRequest,
  answerableUntil: Date,
): Promise<ExternalIdentity> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(deps, settings, request).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw new SignInRefused(`The SAML response was refused: ${(error as Error).message}`);
  }
  if (!profile) throw new SignInRefused('The SAML response signed nobody in');
  const assertionId = (profile.getAssertion?.() as { Assertion?: { $?: { ID?: string } } } | undefined)?.Assertion?.$
    ?.ID;
  if (!assertionId) throw new SignInRefused('The SAML response was refused: its assertion has no ID');
  if (!(await claimSamlAssertion(deps.db, assertionId, assertionExpiry(profile) ?? answerableUntil))) {
    throw new SignInRefused('The SAML response was refused: its assertion was already used to sign in');
  }
  return identityOf(profile);
}
