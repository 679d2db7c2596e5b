import type { EnvironmentType } from '../../contract/environments.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { invalidOperation, nameExists } from '../platform/http/errors.ts';
import { environmentNotFound, findEnvironment, listEnvironments, type EnvironmentRow } from './read-model.ts';
import { assertBelowEnvironmentLimit, assertPathId } from './rules.ts';
import {
  countEnvironmentsLocked,
  insertEnvironment,
  lockEnvironment,
  setSortOrders,
  updateEnvironment,
} from './store.ts';
import { environmentResponse } from './views.ts';

const environmentExists = (name: string) => nameExists(`Environment ${name} already exists`);

/** Locks the environment for a change (404 when missing); a protected one cannot be changed in that way. */
export async function lockForChange(tx: Db, name: string, refusal: string): Promise<EnvironmentRow> {
  const env = await lockEnvironment(tx, name);
  if (!env) throw environmentNotFound(name);
  if (env.protected) throw invalidOperation(`Environment ${name} is protected: it can not be ${refusal}`);
  return env;
}

/** POST api/admin/environments/validate: 200 when the name is usable and free. */
export async function validateEnvironmentName(db: Db, name: string): Promise<void> {
  assertPathId('name', name);
  if (await findEnvironment(db, name)) throw environmentExists(name);
}

/**
 * POST api/admin/environments: a new environment is enabled and enabled in no project yet; refused while the limit's
 * number of environments exist (counted under a lock, so concurrent creations cannot pass it together).
 */
export async function createEnvironment(
  deps: AppDeps,
  actor: string,
  input: { name: string; type: EnvironmentType; sortOrder?: number },
): Promise<EnvironmentRow> {
  assertPathId('name', input.name);
  return deps.db.transaction(async (tx) => {
    assertBelowEnvironmentLimit(await countEnvironmentsLocked(tx));
    const row = await insertEnvironment(tx, { name: input.name, type: input.type, sortOrder: input.sortOrder });
    if (!row) throw environmentExists(input.name);
    await appendEvent(tx, {
      type: 'environment-created',
      createdBy: actor,
      environment: row.name,
      data: environmentResponse(row),
    });
    return row;
  });
}

/** PUT api/admin/environments/update/{name}: type, and the sort order when given. */
export async function changeEnvironment(
  deps: AppDeps,
  actor: string,
  name: string,
  input: { type: EnvironmentType; sortOrder?: number },
): Promise<EnvironmentRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockForChange(tx, name, 'changed');
    const row = await updateEnvironment(tx, name, { type: input.type, sortOrder: input.sortOrder ?? before.sortOrder });
    await appendEvent(tx, {
      type: 'environment-updated',
      createdBy: actor,
      environment: name,
      ...beforeAndAfter(environmentResponse, before, row),
    });
    return row;
  });
}

/** POST api/admin/environments/{name}/on and /off (globally: SDKs get every toggle off in a disabled environment). */
export async function setEnvironmentEnabled(
  deps: AppDeps,
  actor: string,
  name: string,
  enabled: boolean,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockForChange(tx, name, enabled ? 'enabled' : 'disabled');
    const row = await updateEnvironment(tx, name, { enabled });
    await appendEvent(tx, {
      type: enabled ? 'environment-enabled' : 'environment-disabled',
      createdBy: actor,
      environment: name,
      ...beforeAndAfter(environmentResponse, before, row),
    });
  });
}

/** PUT api/admin/environments/sort-order: {name: position}; every name must be an environment (404 otherwise). */
export async function sortEnvironments(deps: AppDeps, actor: string, positions: Record<string, number>): Promise<void> {
  const entries = Object.entries(positions);
  await deps.db.transaction(async (tx) => {
    const before = await listEnvironments(tx);
    for (const [name] of entries) if (!before.some((e) => e.name === name)) throw environmentNotFound(name);
    await setSortOrders(tx, entries);
    const orderOf = (rows: EnvironmentRow[]) => Object.fromEntries(rows.map((e) => [e.name, e.sortOrder]));
    await appendEvent(tx, {
      type: 'environment-order-changed',
      createdBy: actor,
      ...beforeAndAfter(orderOf, before, await listEnvironments(tx)),
    });
  });
}
