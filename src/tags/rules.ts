/** Tag type and tag rules of the console. */
import type { Tag, TagType as WireTagType } from '../../contract/tags';
import type { Received } from '../shared/api/received';

/** A tag type as GET api/admin/tag-types lists it. */
export type TagType = Received<WireTagType, 'name'>;

export const DEFAULT_TAG_TYPE = 'simple';

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
