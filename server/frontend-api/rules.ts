import { ANY_ORIGIN, originProblem, type FrontendQueryInput } from '../../contract/frontend-api.ts';
import type { EvaluationContext } from '../../contract/evaluation/index.ts';
import { validationError } from '../platform/http/errors.ts';

/** Origins as sent: trimmed, blanks and duplicates dropped; each must be `*` or an origin (a 400 names the first). */
export function cleanOrigins(origins: readonly string[]): string[] {
  origins.forEach((origin, index) => {
    const problem = origin.trim() === '' ? undefined : originProblem(origin.trim());
    if (problem) throw validationError(['frontendApiOrigins', index], problem, origin);
  });
  return [...new Set(origins.map((o) => o.trim()).filter(Boolean))];
}

/**
 * The Access-Control-Allow-Origin a request from `origin` gets: `*` when every origin is allowed, the origin itself
 * when it is listed, undefined when it is refused (the browser then keeps the answer from the page).
 */
export function allowedOrigin(origins: readonly string[], origin: string): string | undefined {
  if (origins.includes(ANY_ORIGIN)) return ANY_ORIGIN;
  return origins.includes(origin) ? origin : undefined;
}

const PROPERTY = /^properties\[(.+)\]$/;

/** A context from GET api/frontend's query: Unleash's fields as they are, `properties[name]` as custom fields. */
export function contextFromQuery(query: FrontendQueryInput): EvaluationContext {
  const fields: [string, string][] = [];
  const properties: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    const custom = PROPERTY.exec(key);
    if (custom) properties.push([custom[1], value]);
    else if (key !== 'properties') fields.push([key, value]);
  }
  // fromEntries defines each key as an own field, whatever its name ('__proto__' too).
  return { ...Object.fromEntries(fields), properties: Object.fromEntries(properties) };
}

/** The context evaluated: the remote address defaults to the caller's address, as in Unleash. */
export const withRemoteAddress = (context: EvaluationContext, ip: string): EvaluationContext => ({
  ...context,
  remoteAddress: context.remoteAddress || ip,
});
