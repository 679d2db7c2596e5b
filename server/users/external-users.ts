import type { AppDeps } from '../deps.ts';
import { appendEvent } from '../platform/events/store.ts';
import { findUserByLogin } from './read-model.ts';
import { insertUser, type UserRow } from './store.ts';
import { userEventData } from './views.ts';

export interface ExternalIdentity {
  /** The e-mail address the identity provider vouches for. */
  email: string;
  name?: string;
}

/**
 * A person signing in through an identity provider (single sign-on, server/sso/): the account with that e-mail, or,
 * when `createWithRole` is given (auto-create), a new one with that root role and no password (event
 * 'user-created' by the provider). Undefined when there is no account and none may be made.
 */
export async function externalUser(
  deps: AppDeps,
  identity: ExternalIdentity,
  createWithRole: number | undefined,
  createdBy: string,
): Promise<UserRow | undefined> {
  const email = identity.email.trim().toLowerCase();
  const existing = await findUserByLogin(deps.db, email);
  if (existing || createWithRole === undefined) return existing;
  try {
    return await deps.db.transaction(async (tx) => {
      const created = await insertUser(tx, { email, name: identity.name?.trim() || null, rootRole: createWithRole });
      await appendEvent(tx, { type: 'user-created', createdBy, data: userEventData(created) });
      return created;
    });
  } catch (error) {
    // Two first sign-ins at once: the other one made the account (the e-mail is unique).
    const made = await findUserByLogin(deps.db, email);
    if (made) return made;
    throw error;
  }
}
