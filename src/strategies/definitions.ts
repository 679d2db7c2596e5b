/** Strategy definitions (part 1 sections 3 and 9): their shape, the built-ins, and how the console lists them. */
import type { StrategyDefinition as WireDefinition, StrategyParameter } from '../../contract/strategies';
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

/** Display names of the built-in and legacy strategies (part 1 section 9). */
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

/** Built-in strategy order in the add dialog (part 1 section 9). */
export const BUILT_IN_ORDER = ['default', 'flexibleRollout', 'userWithId', 'remoteAddress', 'applicationHostname'];

/** The built-in fallback when no definition is loaded (part 1 section 3). */
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
