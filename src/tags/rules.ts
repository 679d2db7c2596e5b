/** Tag type and tag rules of the console (part 2 sections 3 and 5). */
import type { Tag } from '../../contract/tags';
import { DEFAULT_TAG_TYPE, type TagType } from './api/queries';

/** A tag type as its form edits and sends it (the icon is kept by the server when not sent). */
export interface TagTypeValues {
  name: string;
  description: string;
}

export function tagTypeValues(tagType?: TagType): TagTypeValues {
  return { name: tagType?.name ?? '', description: tagType?.description ?? '' };
}

/** A new tag: the type defaults to simple. */
export const newTag = (): Tag => ({ type: DEFAULT_TAG_TYPE, value: '' });
