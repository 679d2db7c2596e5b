import { emailDomainAllowed, parseEmailDomains, SSO_DEFAULT_ROOT_ROLE } from '../../contract/sso.ts';
import type { AppDeps } from '../deps.ts';
import { ROOT_ROLES } from '../platform/access/roles.ts';
import { externalUser, startSession, type ExternalIdentity } from '../users/index.ts';

/** A sign-in through a provider that did not succeed: its message is shown on the login page (errorMsg). */
export class SignInRefused extends Error {}

export interface AutoCreate {
  autoCreate: boolean;
  /** Google has none: auto-created users get the Editor role. */
  defaultRootRole?: string;
  emailDomains: string;
}

const roleId = (name: string) => ROOT_ROLES.find((role) => role.name === name)!.id;

/**
 * The provider vouched for `identity`: the account with its e-mail signs in; without one it is auto-created (when
 * enabled and the e-mail's domain is among the allowed ones) with the default root role. Returns the session token,
 * made as the password sign-in makes it; the session keeps its provider and, from OpenID Connect, the ID token
 * (single sign-out, server/sso/sign-out.ts).
 */
export async function signInExternal(
  deps: AppDeps,
  provider: string,
  identity: ExternalIdentity & { idToken?: string },
  rules: AutoCreate,
): Promise<string> {
  const mayCreate = rules.autoCreate && emailDomainAllowed(identity.email, parseEmailDomains(rules.emailDomains));
  const role = mayCreate ? roleId(rules.defaultRootRole ?? SSO_DEFAULT_ROOT_ROLE) : undefined;
  const user = await externalUser(deps, identity, role, `sso:${provider}`);
  if (!user) {
    throw new SignInRefused(
      rules.autoCreate
        ? `${identity.email} may not sign in here: its domain is not one of the allowed e-mail domains`
        : `There is no account for ${identity.email}: an admin must add it first`,
    );
  }
  return startSession(deps.db, user, { provider, idToken: identity.idToken });
}
