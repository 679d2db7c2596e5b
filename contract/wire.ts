import { Type, type TSchema } from 'typebox';

/** A point in time on the wire: an ISO 8601 string (the server may hand the serialiser a Date). */
export const Timestamp = Type.Unsafe<string | Date>({ type: 'string', format: 'date-time' });

/** A value that may be null on the wire. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Text or null in a request body. Not `Nullable(Type.String())`: the server's validator coerces types, and in an
 * anyOf it tries the string branch first, turning a null into '' (a segment sent with `project: null`, Unleash's
 * form for 'every project', arrived as the project ''). One schema with both types coerces nothing.
 */
export const NullableText = (options: { maxLength?: number } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
