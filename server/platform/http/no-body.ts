import { Type } from 'typebox';

/** The response schema of an answer without a body (200, 201, 202 or 204), as Unleash sends for most changes. */
export const NoBody = Type.Unsafe<undefined>(Type.Null({ description: 'No body' }));
