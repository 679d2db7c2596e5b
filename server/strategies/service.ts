import type { CreateStrategyInput, StrategyParameterInput, UpdateStrategyInput } from '../../contract/strategies.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { assertUrlFriendly, invalidOperation, nameExists, notFound, validationError } from '../platform/http/errors.ts';
import {
  findStrategy,
  PARAMETER_TYPES,
  type ParameterType,
  type StrategyDefinitionRow,
  type StrategyParameter,
} from './read-model.ts';
import { deleteStrategy, insertStrategy, updateStrategy } from './store.ts';
import { strategyView } from './views.ts';

const strategyNotFound = (name: string) => notFound(`Could not find strategy with name: ${name}`);
const strategyExists = (name: string) => nameExists(`Strategy with name ${name} already exists`);

export async function requireStrategy(deps: AppDeps, name: string): Promise<StrategyDefinitionRow> {
  const row = await findStrategy(deps.db, name);
  if (!row) throw strategyNotFound(name);
  return row;
}

function assertStrategyName(name: string): void {
  if (name === '') throw validationError('name', '"name" is not allowed to be empty', name);
  assertUrlFriendly('name', name, 100);
}

/** Cleans the parameter list: drops nameless entries, defaults the type to string; refuses unknown types, repeats. */
export function cleanParameters(input: StrategyParameterInput[]): StrategyParameter[] {
  const parameters: StrategyParameter[] = [];
  input.forEach((p, index) => {
    const name = p.name?.trim() ?? '';
    if (name === '') return;
    const type = p.type || 'string';
    if (!PARAMETER_TYPES.includes(type as ParameterType)) {
      throw validationError(
        `parameters[${index}].type`,
        `"parameters[${index}].type" must be one of [${PARAMETER_TYPES.join(', ')}]`,
        p.type,
      );
    }
    if (parameters.some((q) => q.name === name)) {
      throw validationError(`parameters[${index}].name`, `The parameter name "${name}" is used more than once`, name);
    }
    parameters.push({
      name,
      type: type as ParameterType,
      description: p.description ?? '',
      required: p.required ?? false,
    });
  });
  return parameters;
}

export async function validateStrategyName(deps: AppDeps, name: string): Promise<void> {
  assertStrategyName(name);
  if (await findStrategy(deps.db, name)) throw strategyExists(name);
}

export async function createStrategy(
  deps: AppDeps,
  actor: string,
  input: CreateStrategyInput,
): Promise<StrategyDefinitionRow> {
  assertStrategyName(input.name);
  const parameters = cleanParameters(input.parameters ?? []);
  return deps.db.transaction(async (tx) => {
    const row = await insertStrategy(tx, {
      name: input.name,
      displayName: input.displayName ?? null,
      description: input.description ?? null,
      parameters,
    });
    if (!row) throw strategyExists(input.name);
    await appendEvent(tx, { type: 'strategy-created', createdBy: actor, data: strategyView(row) });
    return row;
  });
}

const builtInRefused = (name: string, action: string) =>
  invalidOperation(`${name} is a built-in strategy and cannot be ${action}`);

/** Changes a custom strategy's display name, description and parameters (the name never changes). */
export async function changeStrategy(
  deps: AppDeps,
  actor: string,
  name: string,
  input: UpdateStrategyInput,
): Promise<StrategyDefinitionRow> {
  if (input.name !== undefined && input.name !== name) {
    throw validationError('name', `"name" must be ${name}: a strategy cannot be renamed`, input.name);
  }
  const parameters = input.parameters === undefined ? undefined : cleanParameters(input.parameters);
  return deps.db.transaction(async (tx) => {
    const before = await requireCustomStrategy(tx, name, 'changed');
    const row = await updateStrategy(tx, name, {
      displayName: input.displayName === undefined ? before.displayName : input.displayName,
      description: input.description === undefined ? before.description : input.description,
      parameters: parameters ?? before.parameters,
    });
    await appendEvent(tx, { type: 'strategy-updated', createdBy: actor, ...beforeAndAfter(strategyView, before, row) });
    return row;
  });
}

/** A custom definition (404 for an unknown one; a built-in one cannot be `action`, e.g. deleted). */
export async function requireCustomStrategy(db: Db, name: string, action: string): Promise<StrategyDefinitionRow> {
  const row = await findStrategy(db, name);
  if (!row) throw strategyNotFound(name);
  if (row.builtIn) throw builtInRefused(name, action);
  return row;
}

/** Deletes a definition in the caller's transaction, with its event. */
export async function deleteDefinition(tx: Db, actor: string, before: StrategyDefinitionRow): Promise<void> {
  await deleteStrategy(tx, before.name);
  await appendEvent(tx, {
    type: 'strategy-deleted',
    createdBy: actor,
    data: { name: before.name },
    preData: strategyView(before),
  });
}

/** Deprecates (hidden from the add dialogs, still evaluated) or reactivates a strategy. */
export async function setDeprecated(deps: AppDeps, actor: string, name: string, deprecated: boolean): Promise<void> {
  if (deprecated && name === 'default') throw invalidOperation('The default strategy cannot be deprecated');
  await deps.db.transaction(async (tx) => {
    const before = await findStrategy(tx, name);
    if (!before) throw strategyNotFound(name);
    await updateStrategy(tx, name, { deprecated });
    await appendEvent(tx, {
      type: deprecated ? 'strategy-deprecated' : 'strategy-reactivated',
      createdBy: actor,
      data: { name },
    });
  });
}
