/** What other domains and startup may use of API tokens. */
export { countTokensScopedTo, findToken, tokenExpiries } from './read-model.ts';
export { TOKENS_CHANGE } from './rules.ts';
export { createInitTokens } from './service.ts';
export type { ApiTokenRow } from './store.ts';
