/** What other domains may use of context fields: reading them, and their API shape. */
export { listContextFields } from './read-model.ts';
export { contextFieldView } from './views.ts';
