import type { ContextField } from '../../contract/context.ts';
import type { ContextFieldRow } from './read-model.ts';

/** The field as the API answers it (Unleash 4 keys: legalValues only when there are some). */
export const contextFieldView = (f: ContextFieldRow): ContextField => ({
  name: f.name,
  description: f.description,
  stickiness: f.stickiness,
  sortOrder: f.sortOrder,
  ...(f.legalValues.length > 0 ? { legalValues: f.legalValues } : {}),
  createdAt: f.createdAt.toISOString(),
});
