import type { CreateUserInput, UpdateUserInput } from '../../contract/users.ts';
import type { AppDeps } from '../deps.ts';
import { ADMIN_ROLE, EDITOR_ROLE } from '../platform/access/roles.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError, nameExists, notFound, validationError } from '../platform/http/errors.ts';
import { hashPassword } from './passwords.ts';
import { passwordProblems } from '../../contract/password-policy.ts';
import { findUserByLogin } from './read-model.ts';
import { endUserSessions } from './sessions.ts';
import {
  countUsers,
  deleteUser,
  emailOrUsernameTaken,
  findUserById,
  insertUser,
  markSplashSeen,
  updateUser,
  upsertFeedback,
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

export async function createUser(deps: AppDeps, actor: string, input: CreateUserInput) {
  const email = normaliseEmail(input.email);
  const username = input.username?.trim() || null;
  if (!email && !username) throw validationError('email', '"email" is required');
  if (await emailOrUsernameTaken(deps.db, email, username)) throw nameExists('User already exists');
  if (input.password !== undefined) assertStrongPassword(input.password);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      username,
      name: input.name?.trim() || null,
      rootRole: input.rootRole,
      passwordHash,
    });
    await appendEvent(tx, { type: 'user-created', createdBy: actor, data: userEventData(user) });
    return user;
  });
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
  return deps.db.transaction(async (tx) => {
    const user = await updateUser(tx, id, {
      email,
      name: input.name === undefined ? before.name : input.name.trim() || null,
      rootRole: input.rootRole ?? before.rootRole,
    });
    if (!user) throw notFound(`Could not find user with id ${id}`);
    await appendEvent(tx, {
      type: 'user-updated',
      createdBy: actor,
      data: userEventData(user),
      preData: userEventData(before),
    });
    return user;
  });
}

/** Deletes a user; their sessions go with them. */
export async function removeUser(deps: AppDeps, actor: string, id: number): Promise<void> {
  const before = await getUser(deps, id);
  await deps.db.transaction(async (tx) => {
    await endUserSessions(tx, id);
    await deleteUser(tx, id);
    await appendEvent(tx, { type: 'user-deleted', createdBy: actor, preData: userEventData(before) });
  });
}

/**
 * Sets a password and ends sessions: an admin's reset ends all of the user's sessions (`endSessions: 'all'`); one's
 * own change ends the others and keeps the one it was made in (`{ keep: token }`, none when it was made without one).
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
