import { randomBytes } from 'node:crypto';
import type { CreateTokenInput, UpdateTokenInput } from '../../contract/api-tokens.ts';
import type { AppDeps } from '../deps.ts';
import type { InitToken } from '../config.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { notFound, validationError } from '../platform/http/errors.ts';
import { findEnvironment } from '../environments/index.ts';
import { projectExists } from '../projects/index.ts';
import { findToken } from './read-model.ts';
import { assertFutureExpiry, TOKENS_CHANGE } from './rules.ts';
import { deleteToken, insertToken, lockToken, setTokenExpiry, type ApiTokenRow } from './store.ts';
import { tokenEventData } from './views.ts';

export async function createToken(deps: AppDeps, actor: string, input: CreateTokenInput): Promise<ApiTokenRow> {
  const username = input.username.trim();
  if (!username) throw validationError('username', '"username" is not allowed to be empty', input.username);
  const project = input.project ?? '*';
  const environment = input.environment ?? (input.type === 'admin' ? '*' : 'default');
  if (input.type === 'admin' && (project !== '*' || environment !== '*')) {
    const field = project !== '*' ? 'project' : 'environment';
    throw validationError(
      field,
      `"${field}" must be "*" for an admin token`,
      field === 'project' ? project : environment,
    );
  }
  if (input.type === 'frontend' && environment === '*') {
    throw validationError('environment', '"environment" must be one environment for a frontend token', environment);
  }
  if (project !== '*' && !(await projectExists(deps.db, project))) {
    throw validationError('project', `"project" ${project} does not exist`, project);
  }
  if (environment !== '*' && !(await findEnvironment(deps.db, environment))) {
    throw validationError('environment', `"environment" ${environment} does not exist`, environment);
  }
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  assertFutureExpiry(expiresAt, input.expiresAt);
  const secret = `${project}:${environment}.${randomBytes(28).toString('hex')}`;
  return saveToken(deps, actor, { secret, username, type: input.type, project, environment, expiresAt });
}

async function saveToken(deps: Pick<AppDeps, 'db'>, actor: string, token: Parameters<typeof insertToken>[1]) {
  return deps.db.transaction(async (tx) => {
    const row = await insertToken(tx, token);
    await appendEvent(tx, {
      type: 'api-token-created',
      createdBy: actor,
      changes: TOKENS_CHANGE,
      project: row.project,
      data: tokenEventData(row),
    });
    return row;
  });
}

const tokenNotFound = () => notFound('Could not find an API token with that secret');

/** PUT api/admin/api-tokens/{secret}: a new expiry (null: never). The token's caller cache follows the event. */
export async function updateTokenExpiry(
  deps: AppDeps,
  actor: string,
  secret: string,
  input: UpdateTokenInput,
): Promise<void> {
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  assertFutureExpiry(expiresAt, input.expiresAt);
  await deps.db.transaction(async (tx) => {
    const before = await lockToken(tx, secret);
    if (!before) throw tokenNotFound();
    const after = await setTokenExpiry(tx, secret, expiresAt);
    await appendEvent(tx, {
      type: 'api-token-updated',
      createdBy: actor,
      changes: TOKENS_CHANGE,
      project: after.project,
      ...beforeAndAfter(tokenEventData, before, after),
    });
  });
}

export async function removeToken(deps: AppDeps, actor: string, secret: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deleteToken(tx, secret);
    if (!row) throw tokenNotFound();
    await appendEvent(tx, {
      type: 'api-token-deleted',
      createdBy: actor,
      changes: TOKENS_CHANGE,
      project: row.project,
      preData: tokenEventData(row),
    });
  });
}

/** Creates the INIT_ADMIN_API_TOKENS / INIT_CLIENT_API_TOKENS secrets that do not exist yet. */
export async function createInitTokens(deps: Pick<AppDeps, 'db' | 'config'>): Promise<void> {
  const wanted: Array<[InitToken, 'admin' | 'client']> = [
    ...deps.config.initAdminApiTokens.map((t): [InitToken, 'admin'] => [t, 'admin']),
    ...deps.config.initClientApiTokens.map((t): [InitToken, 'client'] => [t, 'client']),
  ];
  for (const [token, type] of wanted) {
    if (await findToken(deps.db, token.secret)) continue;
    await saveToken(deps, 'init-api-tokens', {
      secret: token.secret,
      username: `init-${type}-token`,
      type,
      project: token.project,
      environment: token.environment,
    });
  }
}
