import type { ContextFieldInput } from '../../contract/context.ts';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent, beforeAndAfter } from '../platform/events/store.ts';
import { assertUrlFriendly, nameExists, notFound, validationError } from '../platform/http/errors.ts';
import { findContextField, type ContextFieldRow } from './read-model.ts';
import { deleteContextField, insertContextField, updateContextField, type ContextFieldData } from './store.ts';
import { contextFieldView } from './views.ts';

const fieldNotFound = (name: string) => notFound(`Could not find context field with name: ${name}`);
const fieldExists = () => nameExists('A context field with that name already exist');

function assertFieldName(name: string): void {
  if (name === '') throw validationError('name', '"name" is not allowed to be empty', name);
  assertUrlFriendly('name', name, 100);
}

/** Legal values: trimmed, none empty, no duplicates; kept sorted. */
export function cleanLegalValues(input: string[]): string[] {
  const values = input.map((v) => v.trim());
  values.forEach((value, index) => {
    if (value === '')
      throw validationError(`legalValues[${index}]`, `"legalValues[${index}]" is not allowed to be empty`, value);
    if (values.indexOf(value) !== index) {
      throw validationError(
        `legalValues[${index}]`,
        `"legalValues[${index}]" contains a duplicate value: ${value}`,
        value,
      );
    }
  });
  return values.sort();
}

export async function requireContextField(deps: AppDeps, name: string): Promise<ContextFieldRow> {
  const row = await findContextField(deps.db, name);
  if (!row) throw fieldNotFound(name);
  return row;
}

export async function validateContextFieldName(deps: AppDeps, name: string): Promise<void> {
  assertFieldName(name);
  if (await findContextField(deps.db, name)) throw fieldExists();
}

export async function createContextField(
  deps: AppDeps,
  actor: string,
  input: ContextFieldInput & { name: string },
): Promise<ContextFieldRow> {
  assertFieldName(input.name);
  const legalValues = cleanLegalValues(input.legalValues ?? []);
  const field = {
    name: input.name,
    description: input.description ?? null,
    legalValues,
    stickiness: input.stickiness ?? false,
    sortOrder: input.sortOrder,
  };
  return deps.db.transaction(async (tx) => addContextField(tx, actor, field));
}

/** Creates a context field in the caller's transaction, with its event; 409 when the name is taken. */
export async function addContextField(tx: Db, actor: string, field: ContextFieldData): Promise<ContextFieldRow> {
  const row = await insertContextField(tx, field);
  if (!row) throw fieldExists();
  await appendEvent(tx, { type: 'context-field-created', createdBy: actor, data: contextFieldView(row) });
  return row;
}

/** Changes a field's description, legal values, stickiness and sort order (the name never changes). */
export async function changeContextField(
  deps: AppDeps,
  actor: string,
  name: string,
  input: ContextFieldInput,
): Promise<ContextFieldRow> {
  if (input.name !== undefined && input.name !== name) {
    throw validationError('name', `"name" must be ${name}: a context field cannot be renamed`, input.name);
  }
  const legalValues = input.legalValues === undefined ? undefined : cleanLegalValues(input.legalValues ?? []);
  return deps.db.transaction(async (tx) => {
    const before = await findContextField(tx, name);
    if (!before) throw fieldNotFound(name);
    const row = await updateContextField(tx, name, {
      description: input.description === undefined ? before.description : input.description,
      legalValues: legalValues ?? before.legalValues,
      stickiness: input.stickiness ?? before.stickiness,
      sortOrder: input.sortOrder ?? before.sortOrder,
    });
    await appendEvent(tx, {
      type: 'context-field-updated',
      createdBy: actor,
      ...beforeAndAfter(contextFieldView, before, row),
    });
    return row;
  });
}

export async function removeContextField(deps: AppDeps, actor: string, name: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await findContextField(tx, name);
    if (!before) throw fieldNotFound(name);
    await deleteContextField(tx, name);
    await appendEvent(tx, {
      type: 'context-field-deleted',
      createdBy: actor,
      data: { name },
      preData: contextFieldView(before),
    });
  });
}
