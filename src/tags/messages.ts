/** Texts of the tag type and tag screens: the spec's verbatim; the others Unleash 4.2's. */
export const NO_TAG_TYPES = 'No entries';
export const NO_TAGS = 'No tags available';
export const TAG_DELETED = 'Successfully deleted tag';
export const NO_PERMISSION_TO_SAVE = 'You do not have permissions to save.';
export const TAG_TYPES_TITLE = 'Tag types';
export const TAG_TYPES_INTRO =
  "Tag types let you group tags: a toggle's tags each have a type and a value, and the feature list can be filtered by them.";
export const TAGS_TITLE = 'Tags';
export const REALLY_DELETE_TAG_TYPE = 'Really delete tag type?';
export const TAG_TYPE_DELETED = 'Successfully deleted tag type.';
export const TAG_TYPE_CREATED = 'Tag type created';
export const TAG_TYPE_UPDATED = 'Tag type updated';
export const TAG_CREATED = 'Tag created';
export const TAG_TYPE_NOT_FOUND = (name: string) => `Could not find tag-type with name: ${name}`;
export const reallyDeleteTag = (type: string, value: string) => `Really delete the tag ${type}:${value}?`;
