import type { Evaluation, EvaluationContext } from '../../contract/evaluation/index.ts';
import type { OfrepContext, OfrepReason } from '../../contract/ofrep.ts';

/** Unleash's own context fields besides the user id: they stay fields, every other key becomes a property. */
const UNLEASH_FIELDS = new Set(['appName', 'environment', 'sessionId', 'remoteAddress', 'currentTime']);

/** An OpenFeature context as Unleash's: `targetingKey` is the userId, Unleash's fields stay, others are properties. */
export function unleashContext(context: OfrepContext): EvaluationContext {
  const fields: [string, unknown][] = [];
  const properties: [string, string | number | boolean][] = [];
  for (const [key, value] of Object.entries(context)) {
    if (key === 'targetingKey') fields.push(['userId', value]);
    else if (UNLEASH_FIELDS.has(key)) fields.push([key, value]);
    else properties.push([key, value]);
  }
  // fromEntries defines each key as an own field, whatever its name ('__proto__' too).
  return { ...Object.fromEntries(fields), properties: Object.fromEntries(properties) };
}

/**
 * Why a toggle has its value: on for the context (its strategies, or none) is a TARGETING_MATCH; off in the token's
 * environment is DISABLED; on but not for this context (no strategy, or a dependency, let it in) is the DEFAULT.
 */
export function reasonOf(evaluation: Evaluation): OfrepReason {
  if (evaluation.enabled) return 'TARGETING_MATCH';
  return evaluation.reason.kind === 'toggle-off' ? 'DISABLED' : 'DEFAULT';
}

/**
 * A variant's payload as OpenFeature types it: `number` a number, `json` the parsed value, `string` (and `csv`)
 * the text; a payload that does not parse as its type is a problem, named.
 */
export function payloadValue(payload: { type: string; value: string }): { value: unknown } | { problem: string } {
  if (payload.type === 'number') {
    const value = Number(payload.value);
    return payload.value.trim() !== '' && Number.isFinite(value)
      ? { value }
      : { problem: 'its number payload is not a number' };
  }
  if (payload.type === 'json') {
    try {
      return { value: JSON.parse(payload.value) as unknown };
    } catch {
      return { problem: 'its json payload is not valid JSON' };
    }
  }
  return { value: payload.value };
}
