import type { ClientFeature } from '../../contract/client-api.ts';
import type { Evaluation } from '../../contract/evaluation/index.ts';
import type { OfrepFailure } from '../../contract/ofrep.ts';
import { payloadValue, reasonOf } from './rules.ts';

/** What a flag's JSON holds of its toggle alone (its key, and its metadata): written once per toggle of a state. */
const frames = new WeakMap<ClientFeature, { head: string; tail: string }>();

function frameOf(feature: ClientFeature) {
  let frame = frames.get(feature);
  if (!frame) {
    const { name: key, project, type } = feature;
    const metadata = { project, type, impressionData: Boolean(feature.impressionData) };
    frame = { head: `{"key":${JSON.stringify(key)},"value":`, tail: `,"metadata":${JSON.stringify(metadata)}}` };
    frames.set(feature, frame);
  }
  return frame;
}

/**
 * One toggle's evaluation as an OFREP flag, in JSON: the chosen variant's payload as the value (the variant named),
 * else the toggle's boolean; the reason; the toggle's project, type and impression data as metadata. Written from
 * pieces kept per toggle: a bulk answer of 1000 flags is not 1000 objects to serialise.
 */
export function flagJson(feature: ClientFeature, evaluation: Evaluation): string {
  const { variant } = evaluation;
  const { head, tail } = frameOf(feature);
  const value = variant.enabled && variant.payload ? payloadValue(variant.payload) : evaluation.enabled;
  const named = variant.enabled ? `,"variant":${JSON.stringify(variant.name)}` : '';
  return `${head}${JSON.stringify(value)},"reason":"${reasonOf(evaluation)}"${named}${tail}`;
}

/** The answer for a key the token does not see (not in its environment or projects, or no toggle at all). */
export const flagNotFound = (key: string): OfrepFailure => ({
  key,
  errorCode: 'FLAG_NOT_FOUND',
  errorDetails: `Flag '${key}' was not found`,
});
