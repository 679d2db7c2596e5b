import type { ApiUser, Feedback, User } from '../../contract/users.ts';
import type { CallerToken } from '../platform/access/caller.ts';
import type { FeedbackRow, UserRow } from './store.ts';

/**
 * The user as the API shows it. The whole row goes in: the routes' response schema (UserSchema) keeps only the
 * declared fields, so the password hash, or any column added later, never reaches the client. `imageUrl` stays in
 * Unleash's shape but is empty: a Gravatar URL would tell a third party who uses this instance (consoles draw
 * avatars locally).
 */
export const userView = (user: UserRow): User => ({
  ...user,
  imageUrl: '',
  seenAt: user.seenAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
  isAPI: false,
});

/** An API token calling GET api/admin/user; ApiUserSchema drops the secret and the dates. */
export const apiUserView = (token: CallerToken): ApiUser => ({ ...token, isAPI: true });

/** What an audit event records about a user (never the password hash). */
export function userEventData(user: UserRow) {
  return { id: user.id, name: user.name, username: user.username, email: user.email, rootRole: user.rootRole };
}

export const feedbackView = (f: FeedbackRow): Feedback => ({
  userId: f.userId,
  feedbackId: f.feedbackId,
  neverShow: f.neverShow,
  given: f.given?.toISOString() ?? null,
});
