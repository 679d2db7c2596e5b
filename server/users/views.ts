import { createHash } from 'node:crypto';
import type { ApiUser, Feedback, User } from '../../contract/users.ts';
import type { CallerToken } from '../platform/access/caller.ts';
import type { FeedbackRow, UserRow } from './store.ts';

function imageUrl(user: UserRow): string {
  const md5 = createHash('md5')
    .update(user.email ?? user.username ?? '')
    .digest('hex');
  return `https://gravatar.com/avatar/${md5}?size=42&default=retro`;
}

/**
 * The user as the API shows it. The whole row goes in: the routes' response schema (UserSchema) keeps only the
 * declared fields, so the password hash, or any column added later, never reaches the client.
 */
export const userView = (user: UserRow): User => ({
  ...user,
  imageUrl: imageUrl(user),
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
