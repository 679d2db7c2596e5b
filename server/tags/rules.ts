import type { Tag } from '../../contract/tags.ts';
import { assertUrlFriendly, validationError } from '../platform/http/errors.ts';

const DEFAULT_TAG_TYPE = 'simple';

export function assertTagTypeName(name: string) {
  assertUrlFriendly('name', name, 50, 2);
}

/** A tag's shape: a URL-friendly type and a value of 2 to 50 characters. */
export function checkTagShape(tag: Tag): void {
  assertUrlFriendly('type', tag.type, 50, 2);
  if (tag.value.trim().length < 2) {
    throw validationError('value', '"value" length must be at least 2 characters long', tag.value);
  }
  if (tag.value.length > 50) {
    throw validationError('value', '"value" length must be less than or equal to 50 characters long', tag.value);
  }
}

/** A tag of a request body: the type defaults to simple. */
export const tagOf = (body: { type?: string; value: string }): Tag => ({
  type: body.type || DEFAULT_TAG_TYPE,
  value: body.value,
});

/** `?tag=type:value` (repeatable) as [type, value] pairs. */
export function parseTagFilter(tags: string[] | undefined): Array<[string, string]> | undefined {
  return tags?.map((t) => {
    const at = t.indexOf(':');
    if (at <= 0) throw validationError('tag', '"tag" must look like type:value', t);
    return [t.slice(0, at), t.slice(at + 1)];
  });
}
