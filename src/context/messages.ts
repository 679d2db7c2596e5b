/** Texts of the context field screens (Unleash 4.2's where it had one). */
export const CONTEXT_FIELDS_TITLE = 'Context fields';
export const CONTEXT_FIELDS_INTRO =
  'Context fields are a basic building block used to control roll-out. They can be used together with strategy constraints as part of the activation strategy evaluation.';
export const NO_CONTEXT_FIELDS = 'No context fields defined';
export const REALLY_DELETE_CONTEXT_FIELD = 'Really delete context field';
export const CONTEXT_FIELD_CREATED = 'Context field created';
export const CONTEXT_FIELD_UPDATED = 'Context field updated';
export const CONTEXT_FIELD_DELETED = 'Context field deleted';
export const CONTEXT_FIELD_NOT_FOUND = (name: string) => `Could not find context field with name: ${name}`;
