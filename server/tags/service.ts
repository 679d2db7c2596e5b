import type { AppDeps } from '../deps.ts';
import type { Db } from '../platform/db/client.ts';
import { appendEvent, appendEvents, beforeAndAfter } from '../platform/events/store.ts';
import type { Tag, TagType } from '../../contract/tags.ts';
import { ApiError, nameExists, notFound } from '../platform/http/errors.ts';
import { assertTagTypeName, checkTagShape } from './rules.ts';
import {
  deleteTag,
  deleteTagType,
  findTagType,
  insertTag,
  insertTags,
  insertTagType,
  updateTagType,
  type TagTypeRow,
} from './store.ts';

export const tagTypeResponse = (t: TagTypeRow): TagType => ({ name: t.name, description: t.description, icon: t.icon });

/** Checks a tag before it is stored: its shape and an existing type (404 otherwise). */
export async function checkTag(db: Db, tag: Tag): Promise<void> {
  checkTagShape(tag);
  if (!(await findTagType(db, tag.type))) throw notFound(`Could not find tag-type with name: ${tag.type}`);
}

/** Creates the (checked) tags that do not exist yet inside the caller's transaction, each with its audit event. */
export async function ensureTags(tx: Db, actor: string, list: readonly Tag[]): Promise<void> {
  const distinct = [...new Map(list.map((tag) => [`${tag.type}:${tag.value}`, tag])).values()];
  const created = new Set((await insertTags(tx, distinct)).map((tag) => `${tag.type}:${tag.value}`));
  await appendEvents(
    tx,
    distinct
      .filter((tag) => created.has(`${tag.type}:${tag.value}`))
      .map((tag) => ({ type: 'tag-created' as const, createdBy: actor, data: { type: tag.type, value: tag.value } })),
  );
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
  const tagType = { name: input.name, description: input.description ?? null, icon: input.icon ?? null };
  return deps.db.transaction(async (tx) => addTagType(tx, actor, tagType));
}

/** Creates a tag type in the caller's transaction, with its event; 409 when the name is taken. */
export async function addTagType(
  tx: Db,
  actor: string,
  tagType: { name: string; description: string | null; icon: string | null },
): Promise<TagTypeRow> {
  const row = await insertTagType(tx, tagType);
  if (!row) throw tagTypeExists(tagType.name);
  await appendEvent(tx, { type: 'tag-type-created', createdBy: actor, data: tagTypeResponse(row) });
  return row;
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
      ...beforeAndAfter(tagTypeResponse, before, row),
    });
    return row;
  });
}

/** Deletes a tag type with its tags (and so removes them from toggles). */
export async function removeTagType(deps: AppDeps, actor: string, name: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deleteTagType(tx, name);
    if (!row) throw notFound(`Could not find tag-type with name: ${name}`);
    await appendEvent(tx, {
      type: 'tag-type-deleted',
      createdBy: actor,
      preData: tagTypeResponse(row),
      data: { name },
    });
  });
}

export async function createTag(deps: AppDeps, actor: string, tag: Tag): Promise<Tag> {
  await checkTag(deps.db, tag);
  return deps.db.transaction(async (tx) => {
    if (!(await insertTag(tx, tag))) {
      throw new ApiError(409, 'NameExistsError', `A tag ${tag.type}:${tag.value} already exists`, undefined, {
        isJoi: true,
      });
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
