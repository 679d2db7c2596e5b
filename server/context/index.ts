/** What other domains may use of context fields: reading them, their API shape, and creating one (an import). */
export { listContextFields } from './read-model.ts';
export { addContextField } from './service.ts';
export { contextFieldView } from './views.ts';
