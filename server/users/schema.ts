import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { belongsToId, createdAt, timestampTz } from '../platform/db/columns.ts';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name'),
  username: text('username').unique(),
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  rootRole: integer('root_role').notNull(),
  loginAttempts: integer('login_attempts').notNull().default(0),
  seenAt: timestampTz('seen_at'),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsToId('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    /** The single sign-on provider ('oidc', 'google', 'saml') that signed this session in; null for a password. */
    provider: text('provider'),
    /** The OpenID provider's ID token, sent back as `id_token_hint` when the user signs out (single sign-out). */
    idToken: text('id_token'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Single-use tokens of invitations (7 days) and password resets (1 day), e-mailed or shown as links: the SHA-256 of
 * the token is what is checked; `used_at` is set when a password is set with it.
 */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsToId('user_id', () => users.id),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    /**
     * An invitation's token itself, so the user list can show its link again (docs/security.md); null for a reset,
     * and cleared when the invitation is used or replaced, or a password is set.
     */
    inviteToken: text('invite_token'),
  },
  (t) => [index('reset_tokens_user_id_idx').on(t.userId)],
);

export const userFeedback = pgTable(
  'user_feedback',
  {
    userId: belongsToId('user_id', () => users.id),
    feedbackId: text('feedback_id').notNull(),
    given: timestampTz('given'),
    neverShow: boolean('never_show').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feedbackId] })],
);

export const userSplash = pgTable(
  'user_splash',
  {
    userId: belongsToId('user_id', () => users.id),
    splashId: text('splash_id').notNull(),
    seen: boolean('seen').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.splashId] })],
);
