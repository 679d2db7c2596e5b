import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent } from '../platform/events/store.ts';
import { ApiError, assertUrlFriendly, nameExists, notFound, validationError } from '../platform/http/errors.ts';
import {
  deleteTag,
  deleteTagType,
  findTagType,
  insertTag,
  insertTagType,
  updateTagType,
  type Tag,
  type TagTypeRow,
} from './store.ts';

export const DEFAULT_TAG_TYPE = 'simple';

export const tagTypeResponse = (t: TagTypeRow) => ({ name: t.name, description: t.description, icon: t.icon });

export function assertTagTypeName(name: string) {
  assertUrlFriendly('name', name, 50, 2);
}

/** Checks a tag before it is stored: value length and an existing type (404 otherwise). */
export async function checkTag(db: Db, tag: Tag): Promise<void> {
  assertUrlFriendly('type', tag.type, 50, 2);
  if (tag.value.trim().length < 2) {
    throw validationError('value', '"value" length must be at least 2 characters long', tag.value);
  }
  if (tag.value.length > 50) {
    throw validationError('value', '"value" length must be less than or equal to 50 characters long', tag.value);
  }
  if (!(await findTagType(db, tag.type))) throw notFound(`Could not find tag-type with name: ${tag.type}`);
}

const tagTypeExists = (name: string) => nameExists(`There already exists a tag-type with the name ${name}`);

export async function validateTagTypeName(deps: AppDeps, name: string): Promise<void> {
  assertTagTypeName(name);
  if (await findTagType(deps.db, name)) throw tagTypeExists(name);
}

export async function createTagType(
  deps: AppDeps,
  actor: string,
  input: { name: string; description?: string; icon?: string | null },
): Promise<TagTypeRow> {
  assertTagTypeName(input.name);
  return deps.db.transaction(async (tx) => {
    const row = await insertTagType(tx, { name: input.name, description: input.description ?? null, icon: input.icon ?? null });
    if (!row) throw tagTypeExists(input.name);
    await appendEvent(tx, { type: 'tag-type-created', createdBy: actor, data: tagTypeResponse(row) });
    return row;
  });
}

export async function changeTagType(
  deps: AppDeps,
  actor: string,
  name: string,
  input: { description?: string; icon?: string | null },
): Promise<TagTypeRow> {
  return deps.db.transaction(async (tx) => {
    const before = await findTagType(tx, name);
    if (!before) throw notFound(`Could not find tag-type with name: ${name}`);
    const row = (await updateTagType(tx, name, {
      description: input.description === undefined ? before.description : input.description,
      icon: input.icon === undefined ? before.icon : input.icon,
    }))!;
    await appendEvent(tx, {
      type: 'tag-type-updated',
      createdBy: actor,
      data: tagTypeResponse(row),
      preData: tagTypeResponse(before),
    });
    return row;
  });
}

/** Deletes a tag type with its tags (and so removes them from toggles). */
export async function removeTagType(deps: AppDeps, actor: string, name: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deleteTagType(tx, name);
    if (!row) throw notFound(`Could not find tag-type with name: ${name}`);
    await appendEvent(tx, { type: 'tag-type-deleted', createdBy: actor, preData: tagTypeResponse(row), data: { name } });
  });
}

export async function createTag(deps: AppDeps, actor: string, tag: Tag): Promise<Tag> {
  await checkTag(deps.db, tag);
  return deps.db.transaction(async (tx) => {
    if (!(await insertTag(tx, tag))) {
      throw new ApiError(409, 'NameExistsError', `A tag ${tag.type}:${tag.value} already exists`, undefined, { isJoi: true });
    }
    await appendEvent(tx, { type: 'tag-created', createdBy: actor, data: tag });
    return tag;
  });
}

export async function removeTag(deps: AppDeps, actor: string, tag: Tag): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteTag(tx, tag))) throw notFound(`Could not find tag ${tag.type}:${tag.value}`);
    await appendEvent(tx, { type: 'tag-deleted', createdBy: actor, preData: tag, data: null });
  });
}
