import type { ClientFeature } from '../../contract/client-api.ts';
import type { Evaluation } from '../../contract/evaluation/index.ts';
import type { OfrepEvaluation, OfrepFailure } from '../../contract/ofrep.ts';
import { payloadValue, reasonOf } from './rules.ts';

/**
 * One toggle's evaluation as an OFREP flag: the chosen variant's payload as the value (the variant named), else the
 * toggle's boolean; the reason; the toggle's project, type and impression data as metadata.
 */
export function flagOf(feature: ClientFeature, evaluation: Evaluation): OfrepEvaluation {
  const { variant } = evaluation;
  return {
    key: feature.name,
    value: variant.enabled && variant.payload ? payloadValue(variant.payload) : evaluation.enabled,
    reason: reasonOf(evaluation),
    ...(variant.enabled ? { variant: variant.name } : {}),
    metadata: { project: feature.project, type: feature.type, impressionData: evaluation.impressionData },
  };
}

/** The answer for a key the token does not see (not in its environment or projects, or no toggle at all). */
export const flagNotFound = (key: string): OfrepFailure => ({
  key,
  errorCode: 'FLAG_NOT_FOUND',
  errorDetails: `Flag '${key}' was not found`,
});
