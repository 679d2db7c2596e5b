// What other domains may use of tags and tag types.
export { DEFAULT_TAG_TYPE, parseTagFilter, tagOf } from './rules.ts';
export { checkTag, ensureTag, tagTypeResponse } from './service.ts';
export { listTagTypes } from './store.ts';
