import type { Evaluation, EvaluationContext } from '../../contract/evaluation/index.ts';
import { OFREP_REASONS, type OfrepContext, type OfrepReason } from '../../contract/ofrep.ts';

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
 * A variant's payload as OpenFeature types it: `number` a number, `json` the parsed value, `string` (and `csv`) the
 * text. Payloads are checked against their type when written (server/features/variants.ts), so each parses.
 */
export function payloadValue(payload: { type: string; value: string }): unknown {
  if (payload.type === 'number') return Number(payload.value);
  if (payload.type === 'json') return JSON.parse(payload.value) as unknown;
  return payload.value;
}

/**
 * What decides a flag's bytes in a bulk answer besides its toggle: the reason, and the variant with its payload (a
 * strategy's variant may share a name with the toggle's own). Equal keys for one state are equal answers.
 */
export function outcomeKey(evaluations: readonly Evaluation[]): string {
  let key = '';
  for (const evaluation of evaluations) {
    const { variant } = evaluation;
    key += OFREP_REASONS.indexOf(reasonOf(evaluation));
    if (variant.enabled) key += JSON.stringify([variant.name, variant.payload?.type, variant.payload?.value]);
  }
  return key;
}
