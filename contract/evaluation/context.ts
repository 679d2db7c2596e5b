/**
 * Unleash's context (client specification 6.1): the standard fields, `currentTime` (for the DATE_ operators; now
 * when absent) and custom fields in `properties`. A field is looked up on the context first, then in `properties`.
 */
export interface EvaluationContext {
  userId?: string;
  sessionId?: string;
  remoteAddress?: string;
  environment?: string;
  appName?: string;
  currentTime?: string | Date;
  properties?: Record<string, string | number | boolean | undefined>;
  [field: string]: unknown;
}

/** A context field's value as a string, as the SDKs resolve it (own fields only); undefined when it has none. */
export function contextValue(context: EvaluationContext, field: string): string | undefined {
  const own = (from: object | undefined) =>
    from && Object.hasOwn(from, field) ? (from as Record<string, unknown>)[field] : undefined;
  const value = own(context) ?? own(context.properties);
  if (value === undefined || value === null) return undefined;
  return value instanceof Date ? value.toISOString() : String(value);
}
