import type { ClientFeature } from '../../contract/client-api.ts';
import type { Evaluation } from '../../contract/evaluation/index.ts';
import type { OfrepEvaluation, OfrepFailure } from '../../contract/ofrep.ts';
import { payloadValue, reasonOf } from './rules.ts';

/**
 * One toggle's evaluation as an OFREP flag: its boolean, or the chosen variant's payload as the value (the variant
 * named), the reason, and the toggle's project, type and impression data as metadata; a payload that does not
 * parse is a PARSE_ERROR.
 */
export function flagOf(feature: ClientFeature, evaluation: Evaluation): OfrepEvaluation | OfrepFailure {
  const { variant } = evaluation;
  const metadata = { project: feature.project, type: feature.type, impressionData: evaluation.impressionData };
  const chosen = variant.enabled ? { variant: variant.name } : {};
  const payload = variant.enabled && variant.payload ? payloadValue(variant.payload) : { value: evaluation.enabled };
  if ('problem' in payload) {
    return {
      key: feature.name,
      errorCode: 'PARSE_ERROR',
      errorDetails: `The variant ${variant.name} of ${feature.name}: ${payload.problem}`,
    };
  }
  return { key: feature.name, value: payload.value, reason: reasonOf(evaluation), ...chosen, metadata };
}

/** The answer for a key the token does not see (not in its environment or projects, or no toggle at all). */
export const flagNotFound = (key: string): OfrepFailure => ({
  key,
  errorCode: 'FLAG_NOT_FOUND',
  errorDetails: `Flag '${key}' was not found`,
});

/** Whether a flag could not be evaluated. */
export const isFailure = (flag: OfrepEvaluation | OfrepFailure): flag is OfrepFailure => 'errorCode' in flag;
