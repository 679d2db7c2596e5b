import type { FastifyInstance } from 'fastify';
import { joiLabel, validationError, type FieldPath } from './errors.ts';

/** A NUL character (PostgreSQL cannot store it) or a UTF-16 surrogate without its other half (not text at all). */
// eslint-disable-next-line no-control-regex -- the NUL character is what it looks for
const MALFORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A label that can be shown: the malformed characters of a key replaced by U+FFFD. */
const printable = (key: string | number) =>
  typeof key === 'string' ? key.replace(new RegExp(MALFORMED, 'g'), '\uFFFD') : key;

/**
 * The path of the first string (value or object key) in `value` that holds a NUL or an unpaired surrogate, or
 * undefined. Walks the value once, without recursion (the JSON parser bounds the depth, the walk does not need to).
 */
export function findMalformedText(value: unknown, root: FieldPath = []): FieldPath | undefined {
  const pending: Array<{ value: unknown; path: FieldPath }> = [{ value, path: root }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (MALFORMED.test(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (MALFORMED.test(key)) return [...path, key];
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/**
 * The input guard: a request whose path parameters, query or parsed body hold a NUL character or an unpaired
 * surrogate is answered 400, naming the field, before access control, validation, any handler or the database sees
 * it. Registered before the access guard, so its hook runs first.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const path =
      findMalformedText(request.params) ?? findMalformedText(request.query) ?? findMalformedText(request.body);
    if (path === undefined) return;
    // A wildcard route's parameter ('*', the console's) is the rest of the path.
    const shown = path.map((key) => (key === '*' && path.length === 1 ? 'path' : printable(key)));
    throw validationError(
      shown,
      `"${joiLabel(shown) || 'body'}" must not contain a NUL character or an unpaired surrogate`,
      undefined,
      'string.malformed',
    );
  });
}
