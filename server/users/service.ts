import type { FastifyBaseLogger } from 'fastify';
import type { CreateUserInput, ResetTokenUser, UpdateUserInput } from '../../contract/users.ts';
import type { AppDeps } from '../deps.ts';
import { ADMIN_ROLE, EDITOR_ROLE } from '../platform/access/roles.ts';
import { reserveResetRequest } from '../platform/access/attempt-limiter.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { ApiError, invalidOperation, nameExists, notFound, validationError } from '../platform/http/errors.ts';
import { sendAccountMail, type AccountMail } from './mail.ts';
import { hashPassword } from './passwords.ts';
import { passwordProblems } from '../../contract/password-policy.ts';
import { findUserByLogin } from './read-model.ts';
import { hashToken, newToken } from './secrets.ts';
import { endUserSessions } from './sessions.ts';
import {
  countTokensSince,
  countUsers,
  deleteUser,
  emailOrUsernameTaken,
  findTokenUser,
  findUserById,
  forgetInviteTokens,
  insertResetToken,
  insertUser,
  listUsersWithInvitations,
  lockAdminIds,
  markSplashSeen,
  updateUser,
  upsertFeedback,
  useResetToken,
  type UserRow,
} from './store.ts';
import { feedbackView, userEventData } from './views.ts';

/** Throws the OwaspValidationError body listing every violated rule. */
export function assertStrongPassword(password: string): void {
  const problems = passwordProblems(password);
  if (problems.length === 0) return;
  throw new ApiError(400, 'OwaspValidationError', problems[0], [{ validationErrors: problems, message: problems[0] }], {
    isJoi: true,
  });
}

/** First start: creates the admin user. Returns the password to print when it was generated. */
export async function createFirstAdmin(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<{ username: string; password: string | undefined } | undefined> {
  if ((await countUsers(deps.db)) > 0) return undefined;
  const { username } = deps.config.defaultAdmin;
  const password = deps.config.defaultAdmin.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, { username, passwordHash, rootRole: ADMIN_ROLE });
    await appendEvent(tx, { type: 'user-created', createdBy: 'system', data: userEventData(user) });
  });
  return { username, password: deps.config.defaultAdmin.password ? undefined : password };
}

function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const body = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    const password = `${body.slice(0, 10)}-${body.slice(10)}!`;
    if (passwordProblems(password).length === 0) return password;
  }
}

function normaliseEmail(email: string | undefined): string | null {
  if (email === undefined || email.trim() === '') return null;
  const value = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw validationError('email', '"email" must be a valid email', email);
  return value;
}

/** What adding a user answers besides the user: the invitation link (empty when a password was set) and the mail. */
export interface CreatedUser {
  user: UserRow;
  inviteLink: string;
  emailSent: boolean;
}

/**
 * Adds a user. Without a password an invitation token (7 days) is made in the same transaction; its link is e-mailed
 * when SMTP is configured and `sendEmail` is not false, and always returned to the admin.
 */
export async function createUser(
  deps: AppDeps,
  actor: string,
  input: CreateUserInput,
  log: FastifyBaseLogger,
): Promise<CreatedUser> {
  const email = normaliseEmail(input.email);
  const username = input.username?.trim() || null;
  if (!email && !username) throw validationError('email', '"email" is required');
  if (await emailOrUsernameTaken(deps.db, email, username)) throw nameExists('User already exists');
  if (input.password !== undefined) assertStrongPassword(input.password);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const { user, inviteLink } = await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      username,
      name: input.name?.trim() || null,
      rootRole: input.rootRole,
      passwordHash,
    });
    await appendEvent(tx, { type: 'user-created', createdBy: actor, data: userEventData(user) });
    const inviteLink = passwordHash ? '' : await makeTokenLink(deps, tx, user, actor, 'invite');
    return { user, inviteLink };
  });
  const emailSent =
    inviteLink !== '' && email !== null && input.sendEmail !== false
      ? await trySend(deps, log, { kind: 'invite', to: email, name: user.name, link: inviteLink, invitedBy: actor })
      : false;
  return { user, inviteLink, emailSent };
}

const TOKEN_DAYS = { invite: 7, reset: 1 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE_OF = { invite: 'new-user', reset: 'reset-password' } as const;
/** At most this many links are made for one user in an hour; further reset requests are answered alike, unsent. */
const TOKENS_PER_HOUR = 3;

const tokenLink = (deps: AppDeps, kind: AccountMail['kind'], token: string) =>
  `${deps.config.unleashUrl}/${PAGE_OF[kind]}?token=${token}`;

/**
 * Stores a new token's hash (earlier links of the user stop working) and returns the page link carrying it. An
 * invitation's token is kept as well, for the user list; a reset's never is.
 */
async function makeTokenLink(deps: AppDeps, db: Db, user: UserRow, createdBy: string, kind: AccountMail['kind']) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + TOKEN_DAYS[kind] * DAY_MS);
  const inviteToken = kind === 'invite' ? token : null;
  await insertResetToken(db, { tokenHash: hashToken(token), userId: user.id, createdBy, expiresAt, inviteToken });
  return tokenLink(deps, kind, token);
}

/** GET api/admin/user-admin: every user, with the link of their open invitation as adding them answered, or ''. */
export async function listUsers(deps: AppDeps): Promise<Array<{ user: UserRow; inviteLink: string }>> {
  const rows = await listUsersWithInvitations(deps.db);
  return rows.map(({ user, inviteToken }) => ({
    user,
    inviteLink: inviteToken === null ? '' : tokenLink(deps, 'invite', inviteToken),
  }));
}

/** Sends an account e-mail when SMTP is configured; a refusal is logged (never thrown). True when it was sent. */
async function trySend(deps: AppDeps, log: FastifyBaseLogger, mail: AccountMail): Promise<boolean> {
  if (!deps.config.email) return false;
  try {
    await sendAccountMail(deps.config.email, mail);
    return true;
  } catch (error) {
    log.error({ err: error, kind: mail.kind }, 'Could not send the e-mail through EMAIL_HOST');
    return false;
  }
}

/** The 401 of an unknown, expired or used token (Unleash's InvalidTokenError). */
const invalidToken = () => new ApiError(401, 'InvalidTokenError', 'Token was not valid');

/** GET auth/reset/validate: whose token it is and who made it; 401 when it is unknown, expired or used. */
export async function validateToken(deps: AppDeps, token: string): Promise<ResetTokenUser> {
  const row = await findTokenUser(deps.db, hashToken(token));
  if (!row) throw invalidToken();
  const { user, createdBy } = row;
  return { id: user.id, name: user.name, email: user.email ?? user.username, createdBy };
}

/**
 * POST auth/reset/password: sets the password with a token and uses the token up (with every other link of the
 * user); the user's sessions end. The password rule is checked first; a used or expired token is a 401.
 */
export async function resetPasswordWithToken(deps: AppDeps, token: string, password: string): Promise<void> {
  assertStrongPassword(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await useResetToken(tx, hashToken(token));
    if (userId === undefined) throw invalidToken();
    const user = await updateUser(tx, userId, { passwordHash });
    if (!user) throw invalidToken();
    await endUserSessions(tx, userId);
    const actor = user.email ?? user.username ?? `user-${user.id}`;
    await appendEvent(tx, { type: 'user-password-changed', createdBy: actor, data: userEventData(user) });
  });
}

/**
 * POST auth/reset/password-email: the same answer whether or not the address is known. Each request counts against
 * the client's address (the sign-in limiter's rule: a 429 while it is locked). For a known e-mail (at most
 * TOKENS_PER_HOUR links an hour) a reset link is made, with its audit event (never the token), and e-mailed after
 * the answer, or logged for the operator when no SMTP is configured.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  rawEmail: string,
  address: string,
  log: FastifyBaseLogger,
): Promise<void> {
  await reserveResetRequest(deps.db, deps.config.loginBackoffSeconds, address);
  const email = rawEmail.trim().toLowerCase();
  const user = email === '' ? undefined : await findUserByLogin(deps.db, email);
  if (!user || user.email !== email) return;
  if ((await countTokensSince(deps.db, user.id, new Date(Date.now() - 60 * 60 * 1000))) >= TOKENS_PER_HOUR) return;
  const link = await deps.db.transaction(async (tx) => {
    const made = await makeTokenLink(deps, tx, user, email, 'reset');
    await appendEvent(tx, { type: 'user-password-reset-requested', createdBy: email, data: userEventData(user) });
    return made;
  });
  if (!deps.config.email) {
    log.warn({ userId: user.id }, `Password reset asked for ${email} (no EMAIL_HOST set, so nothing is sent): ${link}`);
    return;
  }
  void trySend(deps, log, { kind: 'reset', to: email, name: user.name, link });
}

export async function getUser(deps: AppDeps, id: number): Promise<UserRow> {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound(`Could not find user with id ${id}`);
  return user;
}

export async function changeUser(deps: AppDeps, actor: string, id: number, input: UpdateUserInput) {
  const before = await getUser(deps, id);
  const email = input.email === undefined ? before.email : normaliseEmail(input.email);
  if (email !== before.email && (await emailOrUsernameTaken(deps.db, email, null, id))) {
    throw nameExists('User already exists');
  }
  const rootRole = input.rootRole ?? before.rootRole;
  return deps.db.transaction(async (tx) => {
    if (rootRole !== ADMIN_ROLE) await assertNotLastAdmin(tx, id);
    const user = await updateUser(tx, id, {
      email,
      name: input.name === undefined ? before.name : input.name.trim() || null,
      rootRole,
    });
    if (!user) throw notFound(`Could not find user with id ${id}`);
    await appendEvent(tx, { type: 'user-updated', createdBy: actor, ...beforeAndAfter(userEventData, before, user) });
    return user;
  });
}

/** The last Admin can be neither demoted nor deleted (the Admins are locked, so two such calls cannot race). */
async function assertNotLastAdmin(db: Db, id: number): Promise<void> {
  const admins = await lockAdminIds(db, ADMIN_ROLE);
  if (admins.length === 1 && admins[0] === id) {
    throw invalidOperation('You can not demote or delete the last Admin: give another user the Admin role first.');
  }
}

/** Deletes a user; their sessions go with them. */
export async function removeUser(deps: AppDeps, actor: string, id: number): Promise<void> {
  const before = await getUser(deps, id);
  await deps.db.transaction(async (tx) => {
    await assertNotLastAdmin(tx, id);
    await endUserSessions(tx, id);
    await deleteUser(tx, id);
    await appendEvent(tx, { type: 'user-deleted', createdBy: actor, preData: userEventData(before) });
  });
}

/**
 * Sets a password and ends sessions: an admin's reset ends all of the user's sessions (`endSessions: 'all'`); one's
 * own change ends the others and keeps the one it was made in (`{ keep: token }`, none when it was made without one).
 * With a password the invitation is no longer listed, so its token is not kept either.
 */
export async function setPassword(
  deps: AppDeps,
  actor: string,
  id: number,
  password: string,
  endSessions: 'all' | { keep: string | undefined },
): Promise<void> {
  const user = await getUser(deps, id);
  assertStrongPassword(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, id, { passwordHash });
    await forgetInviteTokens(tx, id);
    await endUserSessions(tx, id, endSessions === 'all' ? undefined : endSessions.keep);
    await appendEvent(tx, { type: 'user-password-changed', createdBy: actor, data: userEventData(user) });
  });
}

export async function giveFeedback(
  deps: AppDeps,
  actor: string,
  user: UserRow,
  feedbackId: string,
  neverShow: boolean | undefined,
) {
  return deps.db.transaction(async (tx) => {
    const row = await upsertFeedback(tx, user.id, feedbackId, neverShow);
    await appendEvent(tx, { type: 'user-feedback-given', createdBy: actor, data: feedbackView(row) });
    return row;
  });
}

export async function seeSplash(deps: AppDeps, actor: string, user: UserRow, splashId: string) {
  await deps.db.transaction(async (tx) => {
    await markSplashSeen(tx, user.id, splashId);
    await appendEvent(tx, { type: 'user-splash-seen', createdBy: actor, data: { userId: user.id, splashId } });
  });
  return { userId: user.id, splashId, seen: true as const };
}

/** AUTH_TYPE=demo: the user signing in with this e-mail, created as an Editor on the first sign-in. */
export async function demoUser(deps: AppDeps, email: string): Promise<UserRow> {
  const existing = await findUserByLogin(deps.db, email);
  if (existing) return existing;
  return deps.db.transaction(async (tx) => {
    const created = await insertUser(tx, { email, rootRole: EDITOR_ROLE });
    await appendEvent(tx, { type: 'user-created', createdBy: email, data: userEventData(created) });
    return created;
  });
}
