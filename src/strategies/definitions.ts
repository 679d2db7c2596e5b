/** Strategy definitions: their shape, the built-ins, and how the console lists them. */
import type { StrategyDefinition as WireDefinition, StrategyParameter } from '../../contract/strategies';
import { statusOf } from '../shared/api/errors';
import type { Received } from '../shared/api/received';

export const PARAMETER_TYPES = ['percentage', 'list', 'number', 'boolean', 'string'] as const;

/** One parameter a definition declares. */
export type ParameterDefinition = Received<StrategyParameter, 'name' | 'type'>;

/** GET api/admin/strategies: `{version, strategies: StrategyDefinition[]}`. */
export type StrategyDefinition = Received<Omit<WireDefinition, 'parameters'>, 'name'> & {
  parameters: ParameterDefinition[];
};

export const DEFAULT_STRATEGY = 'default';
export const FLEXIBLE_ROLLOUT = 'flexibleRollout';

/** Display names of the built-in and legacy strategies. */
export const STRATEGY_NAMES: Record<string, string> = {
  default: 'Standard',
  flexibleRollout: 'Gradual rollout',
  userWithId: 'UserIDs',
  remoteAddress: 'IPs',
  applicationHostname: 'Hosts',
  gradualRolloutRandom: 'Randomized',
  gradualRolloutSessionId: 'Sessions',
  gradualRolloutUserId: 'Users',
};

/** Built-in strategy order in the add dialog. */
export const BUILT_IN_ORDER = ['default', 'flexibleRollout', 'userWithId', 'remoteAddress', 'applicationHostname'];

/** The built-in fallback when no definition is loaded. */
export const FALLBACK_DEFINITION: StrategyDefinition = {
  name: FLEXIBLE_ROLLOUT,
  displayName: 'Gradual rollout',
  description: '',
  editable: false,
  deprecated: false,
  parameters: [
    { name: 'rollout', type: 'percentage', description: '', required: false },
    { name: 'stickiness', type: 'string', description: '', required: true },
    { name: 'groupId', type: 'string', description: '', required: true },
  ],
};

/** The loaded definitions, or the fallback while none are. */
export function definitionsOrFallback(definitions: StrategyDefinition[] | undefined): StrategyDefinition[] {
  return definitions && definitions.length > 0 ? definitions : [FALLBACK_DEFINITION];
}

export function findDefinition(
  definitions: StrategyDefinition[] | undefined,
  name: string,
): StrategyDefinition | undefined {
  return definitionsOrFallback(definitions).find((d) => d.name === name);
}

/**
 * Which definition goes with a strategy instance: the loaded one of its name, and `missing` when the loaded
 * definitions have none. While they are still loading only the built-in fallback is known, and no strategy is called
 * missing.
 */
export function strategyDefinition(
  definitions: StrategyDefinition[] | undefined,
  name: string,
): { definition: StrategyDefinition | undefined; missing: boolean } {
  const definition = findDefinition(definitions, name);
  return { definition, missing: !definition && !!definitions && definitions.length > 0 };
}

/** The human name of a strategy: the spec's display names, else the definition's, else its name. */
export function strategyDisplayName(name: string, definition?: StrategyDefinition): string {
  return (Object.hasOwn(STRATEGY_NAMES, name) ? STRATEGY_NAMES[name] : undefined) ?? (definition?.displayName || name);
}

/** A strategy instance's display name, by `strategyDisplayName` with its definition. */
export function strategyTitle(strategy: { name: string }, definitions: StrategyDefinition[] | undefined): string {
  return strategyDisplayName(strategy.name, findDefinition(definitions, strategy.name));
}

/** Built-ins cannot be edited or deleted; a real Unleash 4.2 marks the legacy ones editable, so the name decides. */
export function isBuiltIn(definition: StrategyDefinition): boolean {
  return definition.editable === false || Object.hasOwn(STRATEGY_NAMES, definition.name);
}

/**
 * The 'Add a new strategy' picker: 'Built in strategies' in the spec's order, then 'Custom strategies'; deprecated
 * ones are not offered.
 */
export function pickerSections(definitions: StrategyDefinition[] | undefined): {
  builtIn: StrategyDefinition[];
  custom: StrategyDefinition[];
} {
  const active = definitionsOrFallback(definitions).filter((d) => !d.deprecated);
  const builtIn = BUILT_IN_ORDER.flatMap((name) => active.filter((d) => d.name === name && isBuiltIn(d)));
  const custom = active.filter((d) => !isBuiltIn(d));
  return { builtIn, custom };
}

// The custom-strategy form's values: what it edits and what it sends.

export const STRATEGY_EXISTS = 'A strategy with this name already exists ';

export interface DefinitionFormValues {
  name: string;
  description: string;
  parameters: ParameterDefinition[];
}

export function emptyParameter(): ParameterDefinition {
  return { name: '', type: 'string', description: '', required: false };
}

/** Values for /strategies/create, the name maybe prefilled from ?name=. */
export function newDefinitionValues(name = ''): DefinitionFormValues {
  return { name, description: '', parameters: [] };
}

/** Values for editing an existing definition. */
export function definitionFormValues(definition: StrategyDefinition): DefinitionFormValues {
  return {
    name: definition.name,
    description: definition.description ?? '',
    parameters: definition.parameters.map((p) => ({ ...p, description: p.description ?? '', required: !!p.required })),
  };
}

/** Parameters without a name are dropped; a missing type becomes string. */
export function cleanDefinitionParameters(parameters: ParameterDefinition[]): ParameterDefinition[] {
  return parameters
    .map((p) => ({
      name: p.name.trim(),
      type: p.type || 'string',
      description: p.description?.trim() ?? '',
      required: !!p.required,
    }))
    .filter((p) => p.name);
}

/** What the form sends: trimmed name and description, cleaned parameters. */
export function definitionBody(values: DefinitionFormValues): DefinitionFormValues {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    parameters: cleanDefinitionParameters(values.parameters),
  };
}

/** A failed name check or save: a taken name (409) gives the spec's text, anything else the server's message. */
export function definitionErrorMessage(error: unknown): string {
  if (statusOf(error) === 409) return STRATEGY_EXISTS;
  return error instanceof Error ? error.message : String(error);
}
