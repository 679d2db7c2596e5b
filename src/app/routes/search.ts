/** Readers of query parameters: a non-empty text, or a flag set by `true` or 'true'. */
export const text = (value: unknown) =>
  value === undefined || value === null || value === '' ? undefined : String(value);
export const flag = (value: unknown) => (value === true || value === 'true' ? true : undefined);
