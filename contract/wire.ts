import { Type, type TSchema } from 'typebox';

/** A point in time on the wire: an ISO 8601 string (the server may hand the serialiser a Date). */
export const Timestamp = Type.Unsafe<string | Date>({ type: 'string', format: 'date-time' });

/** A value that may be null on the wire. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
