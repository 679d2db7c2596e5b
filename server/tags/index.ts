// What other domains may use of tags and tag types.
export { parseTagFilter, tagOf } from './rules.ts';
export { addTagType, checkTag, ensureTags, tagTypeResponse } from './service.ts';
export { listTagTypes } from './store.ts';
