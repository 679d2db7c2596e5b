import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** The deepest nesting of objects and arrays a JSON body may have: several times that of any body of this API. */
export const MAX_JSON_DEPTH = 32;

/** True when `text` opens more than `max` objects or arrays inside one another (brackets in strings do not count). */
export function nestedDeeperThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Only JSON bodies are accepted (anything else is a 415, see the error handler). An EMPTY JSON body is allowed:
 * the console POSTs toggle/on and the like with Content-Type: application/json and no body. A body nested deeper
 * than MAX_JSON_DEPTH is refused before it is parsed, so nothing downstream (validation, the input guard, the
 * handlers) ever walks one deep enough to exhaust the stack.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  for (const type of ['application/json', /^application\/[\w.+-]+\+json$/]) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
        const message = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays`;
        done(new ApiError(400, 'BadDataError', message), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  }
}
