/** Strategy parameter rules: defaults, the editor per type, validation and normalisation. */
import type { ParameterDefinition, StrategyDefinition } from './definitions';

export type Parameters = Record<string, string>;

/** Percentage rollout slider: 0 to 100, step 1, marks at 0/25/50/75/100. */
export const PERCENTAGE = { min: 0, max: 100, step: 1, marks: [0, 25, 50, 75, 100] } as const;

/** Default rollout and percentage 100, default stickiness 'default', default groupId the toggle name. */
export const DEFAULT_PERCENTAGE = '100';
export const DEFAULT_STICKINESS = 'default';

/** Stickiness choices: the built-ins, then context fields flagged for stickiness. */
export const BUILT_IN_STICKINESS = ['default', 'userId', 'sessionId', 'random'];

export interface StickinessSource {
  name: string;
  stickiness?: boolean;
}

export function stickinessOptions(contextFields: StickinessSource[] | undefined): string[] {
  const extra = (contextFields ?? [])
    .filter((f) => f.stickiness && !BUILT_IN_STICKINESS.includes(f.name))
    .map((f) => f.name);
  return [...BUILT_IN_STICKINESS, ...extra];
}

/** Which editor a parameter gets: stickiness is a select whatever its declared type. */
export type ParameterEditor = 'percentage' | 'list' | 'number' | 'boolean' | 'stickiness' | 'string';

export function parameterEditor(parameter: ParameterDefinition): ParameterEditor {
  if (parameter.name === 'stickiness') return 'stickiness';
  switch (parameter.type) {
    case 'percentage':
    case 'list':
    case 'number':
    case 'boolean':
      return parameter.type;
    default:
      return 'string';
  }
}

export function defaultParameterValue(parameter: ParameterDefinition, featureName: string): string {
  if (parameter.name === 'rollout' || parameter.name === 'percentage' || parameter.type === 'percentage')
    return DEFAULT_PERCENTAGE;
  if (parameter.name === 'stickiness') return DEFAULT_STICKINESS;
  if (parameter.name === 'groupId') return featureName;
  if (parameter.type === 'boolean') return 'false';
  return '';
}

/** The parameters of a new strategy instance: a default for every parameter the definition declares. */
export function initialParameters(definition: StrategyDefinition, featureName: string): Parameters {
  return Object.fromEntries(definition.parameters.map((p) => [p.name, defaultParameterValue(p, featureName)]));
}

/** List input: split on commas, trimmed, duplicates and empties ignored. */
export function parseList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** Adds typed input (maybe several comma-separated values) to a list, by the same rule. */
export function addToList(list: string[], input: string): string[] {
  return parseList([...list, input].join(','));
}

export function formatList(list: string[]): string {
  return list.join(',');
}

/** The slider's value of a percentage parameter: an integer 0..100 (missing or bad input counts as 0). */
export function percentageValue(value: string | undefined): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.min(PERCENTAGE.max, Math.max(PERCENTAGE.min, n)) : PERCENTAGE.min;
}

const notANumber = (name: string) => `${name} is not a number!`;

/** Number parameters must be digits only (an empty value is not checked). */
export function numberError(name: string, value: string | undefined): string | undefined {
  return value && !/^\d+$/.test(value) ? notANumber(name) : undefined;
}

/** Errors by parameter name; saving is blocked while there is one. */
export function parameterErrors(
  definition: StrategyDefinition | undefined,
  parameters: Parameters,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of definition?.parameters ?? []) {
    const error = parameterEditor(p) === 'number' ? numberError(p.name, parameters[p.name]) : undefined;
    if (error) errors[p.name] = error;
  }
  return errors;
}

/**
 * The parameters as they are saved: every declared parameter present as text, percentages as whole numbers 0..100,
 * lists in their canonical form, strings trimmed. Parameters the definition does not declare are kept as they are.
 */
export function normaliseParameters(definition: StrategyDefinition | undefined, parameters: Parameters): Parameters {
  const result: Parameters = { ...parameters };
  for (const p of definition?.parameters ?? []) {
    const value = parameters[p.name] ?? '';
    switch (parameterEditor(p)) {
      case 'percentage':
        result[p.name] = String(percentageValue(value === '' ? undefined : value));
        break;
      case 'list':
        result[p.name] = formatList(parseList(value));
        break;
      case 'boolean':
        result[p.name] = value === 'true' ? 'true' : 'false';
        break;
      default:
        result[p.name] = value.trim();
    }
  }
  return result;
}
